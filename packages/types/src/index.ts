// @signing-platform/types: the Signing Platform API as TypeScript types, generated from
// generated/openapi.yaml, and its catalogue as typed data.

// The whole document as openapi-typescript types.
export type { components, operations, paths, webhooks } from "./generated/openapi.js";

// One alias per schema: SigningRequest, Event, EventType, WebhookEvent, ErrorBody,
// ErrorDetail, ErrorCode, CertificatePage, …
export type * from "./generated/schema-aliases.js";

// Operation types: generic by operation id, and named per operation.
export type * from "./operation-types.js";
export type * from "./generated/operation-aliases.js";

// Webhook events, discriminated by `type`.
export { isKnownEventType, type KnownEventType, type WebhookEventMap, type WebhookEventOfType } from "./events.js";

// Error codes, their statuses, and the explanation-window fallback rule.
export { errorCodeEntry, isKnownErrorCode, statusForCode, statusOf, type ErrorCodeEntry, type KnownErrorCode } from "./error-codes.js";
export { canonicalErrorCode, isEquivalentErrorCode } from "./explanation-window.js";

// HTTP statuses and retries.
export { isRetryableStatus, retryClassOfStatus, type RetryClass } from "./statuses.js";

// The catalogue as `as const` data.
export {
  catalogue,
  errorCatalogue,
  eventCatalogue,
  headerNames,
  limits,
  statusCatalogue,
  webhookHeaderNames,
  webhookRetryScheduleSeconds,
  type Catalogue,
  type ErrorCatalogueEntry,
  type StatusCatalogueEntry,
} from "./catalogue.js";

// The known values of every enumerated schema, as data (`identityDocumentTypeValues`).
export * from "./generated/schema-values.js";
