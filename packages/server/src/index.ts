// @signing-platform/server: typed server stubs for the Signing Platform API on Fastify,
// with every convention of the interface document enforced on every route.

// The API as a Fastify plugin, the instance it runs on, and both in one call.
export { signingPlatformApi, type ApiPluginOptions } from "./app/api-plugin.js";
export { createApiServer, type ApiServerOptions } from "./app/api-server.js";
export { createApp, type AppOptions, type DocumentAppOptions } from "./app/create-app.js";
// Your own document: its operations served with every convention, handlers by its operation ids.
export type { OpenApiDocumentSource } from "./document/document-operations.js";
export type {
  DocumentHandler,
  DocumentHandlerContext,
  DocumentHandlerReply,
  DocumentHandlerRequest,
} from "./document/document-handlers.js";
export type { BaseUrl } from "./app/base-url.js";

// Typed stubs, generated from the spec: one handler type per operation and the table of operations.
export type * from "./generated/handlers.js";
export { specBaseUrl } from "./generated/operations.js";
export type * from "./router/handler-types.js";
export type * from "./router/operation-descriptor.js";
// Routes added by hand: `config: { operation: defineOperation(...) }` gives them every convention.
export { defineOperation, type OperationDefinition } from "./router/define-operation.js";

// Errors: throw ApiErrorResponse from a handler; it is rendered in the error body.
export { ApiErrorResponse, badRequest, notFound, statusForCode, type ApiErrorResponseOptions } from "./errors/api-error-response.js";
export { errorBodyOf } from "./errors/error-body.js";
export { errorRendering } from "./errors/error-rendering.js";
export type { InternalErrorReporter } from "./errors/internal-errors.js";

// Authentication: the resolver interface, and the plugin.
export type { ClientCertificate, CredentialResolver, Principal } from "./auth/principal.js";
export { assertCapability, authentication, capabilityNotGranted, type AuthenticationOptions } from "./auth/authentication.js";
export {
  staticCredentialResolver,
  type StaticCredential,
  type StaticCredentialResolverOptions,
} from "./auth/static-resolver.js";

// For routes served beside the API (a console, a health check): the same Request-Ids, and
// the error body for what they throw.
export { requestId, generateRequestId } from "./request-id/request-id.js";

// What the API plugin's options name.
export type { LoadSheddingOptions } from "./load-shedding/load-shedding.js";
export type { ContractViolation, ResponseCheckOptions } from "./response-check/response-check.js";
export type { RejectRequest } from "./reject-request/reject-request.js";
export type { ConnectionLimitOptions } from "./connection/connection-limits.js";

// Idempotency: the options, the store interface and the in-memory store.
export type { IdempotencyOptions } from "./idempotency/idempotency.js";
export { memoryIdempotencyStore, type MemoryIdempotencyStoreOptions } from "./idempotency/memory-store.js";
export type { IdempotencyClaim, IdempotencyRecord, IdempotencyStore, StoredResponse } from "./idempotency/store.js";

// Rate limits: the options, quotas, and the in-memory store.
export type { RateLimitOptions } from "./rate-limit/rate-limit.js";
export { memoryRateLimitStore, type RateLimitStore } from "./rate-limit/store.js";
export type { Quota, RateLimitScope, RateLimitState } from "./rate-limit/quota.js";

// Pagination: keyset paging for any ordered store (cursors are the API plugin's).
export {
  keysetSlice,
  type KeysetKey,
  type KeysetPosition,
  type KeysetSource,
  type Page,
  type PageRequest,
  type PaginateOptions,
} from "./pagination/keyset.js";
// Cursors for a list written by hand: the same signed, scoped cursors the API's lists use.
export { createCursorCodec, invalidCursor, type CursorCodec } from "./pagination/cursor.js";
