// @signing-platform/contract: the floor every other package stands on. The names and shapes
// of the x-signing-platform-* extensions, their readers, the catalogue's entries, the
// fallback rule of error codes, the operation keys of a path item and the event envelope.
// The portable webhook signature is the `/webhook-signature` entry. Both import nothing, so a
// generated SDK embeds them whole (the `/sources` entry hands a generator these files). The
// source map a TypeSpec build writes beside the document is read through the `/source-map`
// entry, and the conventions a document follows through `/conventions`, by the tools that read
// a build; no SDK carries them. Nor do the tools' reader of an OpenAPI document (`/openapi`,
// pure) and its loader from disk (`/openapi-loader`, for Node).

export {
  EXTENSION_FIELDS,
  EXTENSIONS,
  PAGE_SHAPE_FIELDS,
  pageShapeProblem,
  type AfterLastItemPageShape,
  type BodyPath,
  type CatalogueExtension,
  type ConditionalRequestExtension,
  type CatalogueErrorCode,
  type CatalogueEventType,
  type ExtensionName,
  type HeadersExtension,
  type IdempotencyExtension,
  type LimitsExtension,
  type MutualTlsExtension,
  type CursorPageShape,
  type LinkHeaderPageShape,
  type NextLinkPageShape,
  type OffsetPageShape,
  type PageNumberPageShape,
  type PageShape,
  type PageShapeExtension,
  type PaginationExtension,
  type RetryClass,
  type CatalogueStatus,
  type WebhookHeadersExtension,
} from "./extensions.js";
export { readOperationExtensions, readRootExtensions, type OperationExtensionValues, type RootExtensions } from "./read-extensions.js";
export { readDeprecation, SUNSET_EXTENSION, type Deprecation } from "./deprecation.js";
export { canonicalErrorCode, type FallbackEntry } from "./fallback-code.js";
export { HTTP_METHODS } from "./http-methods.js";
export { SNAKE_CASE, snakeCaseOf } from "./field-names.js";
export { operationTypeName, readOperations, type DocumentOperation } from "./operations.js";
export { createEventEnvelope, EVENT_ENVELOPE_FIELDS, type EventEnvelope, type EventEnvelopeOptions } from "./event-envelope.js";
