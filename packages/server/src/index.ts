// @signing-platform/server: typed server stubs for the Signing Platform API on Fastify,
// with every convention of the interface document enforced on every route.

// The app factory: handlers, stores, authentication, rate limits, cursor secret, base URL.
export { createApp, type AppOptions } from "./app/create-app.js";
export type { BaseUrl } from "./app/base-url.js";

// Typed stubs, generated from the spec: one handler type per operation and the table of operations.
export type * from "./generated/handlers.js";
export { operationTable, specBaseUrl } from "./generated/operations.js";
export type * from "./router/handler-types.js";
export type * from "./router/operation-descriptor.js";
export { operationRoutes, type RouterOptions } from "./router/router.js";

// Errors: throw ApiError from a handler; it is rendered in the error body.
export { ApiError, badRequest, notFound, statusForCode, type ApiErrorOptions } from "./errors/api-error.js";
export { errorBodyOf } from "./errors/error-body.js";
export { errorRendering } from "./errors/error-rendering.js";

// Authentication: the resolver interface, and the plugin.
export type { ClientCertificate, CredentialResolver, Principal } from "./auth/principal.js";
export { assertCapability, authentication, capabilityNotGranted, type AuthenticationOptions } from "./auth/authentication.js";
export {
  staticCredentialResolver,
  type StaticCredential,
  type StaticCredentialResolverOptions,
} from "./auth/static-resolver.js";

// Conventions as Fastify plugins, for composing an app by hand (createApp registers them all).
export { requestId, generateRequestId } from "./request-id/request-id.js";
export { requestLimits, type RequestLimitOptions } from "./validation/request-limits.js";
export { requestValidation } from "./validation/request-validation.js";
export { conditionalRequests } from "./conditional/conditional-requests.js";
export { loadShedding, type LoadSheddingOptions } from "./load-shedding/load-shedding.js";
export { responseCheck, type ContractViolation, type ResponseCheckOptions } from "./response-check/response-check.js";

// Idempotency: the plugin, the store interface and the in-memory store.
export { idempotency, type IdempotencyOptions } from "./idempotency/idempotency.js";
export { memoryIdempotencyStore, type MemoryIdempotencyStoreOptions } from "./idempotency/memory-store.js";
export type { ClaimResult, IdempotencyRecord, IdempotencyStore, StoredResponse } from "./idempotency/store.js";

// Rate limits: the plugin, quotas, and the in-memory store.
export { rateLimit, type RateLimitOptions } from "./rate-limit/rate-limit.js";
export { memoryRateLimitStore, type RateLimitStore } from "./rate-limit/store.js";
export type { Quota, RateLimitScope, RateLimitState } from "./rate-limit/quota.js";

// Pagination: cursors and keyset paging for any ordered store.
export { pagination, type PaginationOptions } from "./pagination/pagination.js";
export {
  keysetSlice,
  type KeysetKey,
  type KeysetPosition,
  type KeysetSource,
  type Page,
  type PageRequest,
  type PaginateOptions,
} from "./pagination/keyset.js";
