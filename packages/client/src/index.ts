// @signing-platform/client: a typed client of the Signing Platform API that keeps every
// client rule of the interface document. Browser-safe; mutual TLS is in
// `@signing-platform/client/node`.

// The client and its options.
export {
  createClient,
  type CallArguments,
  type Client,
  type ClientOptions,
  type MutualTlsOptions,
  type PaginateOptionsOf,
  type RetryOptions,
  type TypedPaths,
} from "./client.js";
export type {
  CallOptions,
  CallResult,
  ClientMethod,
  ClientPaths,
  CommonCallOptions,
  ErrorResult,
  InitArguments,
  OperationOf,
  NotModifiedResult,
  PageItem,
  PaginatedPath,
  PaginateOptions,
  SuccessData,
  SuccessResult,
} from "./call-types.js";
export type { FetchLike, Sleep } from "./transport.js";
export type { ResponseMeta, RateLimit } from "./metadata.js";

// Errors: one base class, a subclass per family.
export { ApiError, type ApiErrorInit, type ClientErrorCode } from "./errors/api-error.js";
export {
  AuthenticationError,
  ConflictError,
  ConnectionError,
  GoneError,
  InvalidResponseError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  RequestTimeoutError,
  RequestValidationError,
  ServerError,
  ValidationError,
} from "./errors/error-families.js";

// Retries (DECISIONS 14): the pure decision, its backoff and Retry-After parsing.
export { retryDecision, type AttemptOutcome, type RetryDecision, type RetryReason, type RetryState } from "./retry/retry-decision.js";
export { fullJitterBackoff, type BackoffOptions } from "./retry/backoff.js";
export { parseRetryAfter } from "./retry/retry-after.js";
export { defaultRetryPolicy, type RetryPolicy } from "./retry/retry-policy.js";

// Idempotency keys, access tokens, entity tags, pagination, hooks.
export { generateIdempotencyKey, type RandomBytes } from "./idempotency-key.js";
export type { AccessTokenContext, GetAccessToken } from "./auth/access-token.js";
export { memoryEtagStore, type EtagCacheEntry, type EtagStore, type MemoryEtagStoreOptions } from "./etag-cache.js";
export type { PageIterator } from "./paginate.js";
export type { ClientHooks, RequestHookEvent, ResponseHookEvent, RetryHookEvent, UnknownErrorCodeHookEvent } from "./hooks.js";

// The x-signing-platform-* extensions, read from an OpenAPI document (used by generated SDKs).
export {
  operationsFromOpenApi,
  type ConditionalRequestExtension,
  type IdempotencyExtension,
  type OperationExtensions,
  type OperationsTable,
  type PaginationExtension,
} from "./operations.js";
