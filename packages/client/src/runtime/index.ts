// The client runtime: everything a client of one API needs, for any OpenAPI document. This
// folder is the one source of it: `@signing-platform/client` is built from it, and
// `signing-platform generate` embeds it, with @signing-platform/contract, in every SDK it
// writes (src/runtime-sources.ts hands it over), so a fix here reaches every SDK at its next
// generation. It imports nothing but openapi-fetch (and openapi-typescript-helpers' types),
// @signing-platform/contract, and nothing outside this folder; and ajv, an optional peer
// dependency, only when `validateResponses` checks its first body (validate/response-check.ts).

// What the client knows of an API, read from its document.
export {
  conventionsFromOpenApi,
  describeApi,
  HTTP_CONVENTIONS,
  idempotencyKeyHeader,
  type ApiConventions,
  type ApiDescription,
  type ErrorCodeConvention,
  type HeaderConventions,
} from "./api-description.js";
export { operationsFromOpenApi, type OperationExtensions, type OperationsTable } from "./operations.js";
export type { Deprecation, RetryClass } from "@signing-platform/contract";

// The lower-level client: openapi-fetch's call style on the transport.
export {
  createApiClient,
  type CallArguments,
  type Client,
  type ClientOptions,
  type PaginateOptionsOf,
  type RetryOptions,
  type TypedPaths,
} from "./create-client.js";
export type { SdkIdentity } from "./user-agent.js";
export type {
  CallOptions,
  CallResult,
  ClientMethod,
  ClientPaths,
  CommonCallOptions,
  ErrorResult,
  InitArguments,
  NotModifiedResult,
  OperationOf,
  PageItem,
  PaginatedPath,
  PaginateOptions,
  SuccessData,
  SuccessResult,
} from "./call-types.js";
export type { FetchLike } from "./fetch-like.js";
export type { Sleep } from "./retry/sleep.js";
export type { RateLimit, ResponseMeta } from "./metadata.js";

// The resource style: positional arguments, awaitable results, async-iterable lists.
export { APIPromise, type WithResponse } from "./resources/api-promise.js";
export { PagePromise } from "./resources/page-promise.js";
export { resourceCalls, type CallParts, type ResourceCalls } from "./resources/resource-calls.js";
export type {
  BodyIn,
  BodyOf,
  CookieOf,
  HeaderOf,
  IdempotentRequestOptions,
  ItemOf,
  ParameterRequestOptions,
  PathParam,
  QueryOf,
  QueryRequestOptions,
  RequestOptions,
  StreamEventOf,
  SuccessOf,
} from "./resources/resource-types.js";

// Streamed responses: server-sent events and JSON Lines, iterated as they arrive.
export { EventStream, UntypedEvent, type EventStreamOptions, type Resumption } from "./stream/event-stream.js";
export { STREAM_MEDIA_TYPES, streamFraming, type StreamFraming, type StreamMediaType } from "./stream/stream-media.js";

// The wire format of parameters and bodies by their OpenAPI styles and media types.
export type { ParameterFormat, ParameterStyle, ParseAs, PropertyEncoding, StreamFormat, WireFormat } from "./serialize/wire-format.js";
export type { FileBody } from "./serialize/file-body.js";
export { bracketPairs, joinPairs, styledPairs, type Pair } from "./serialize/styled-pairs.js";
export { cookieHeader, fillPath, headerValue, pathValue } from "./serialize/path-values.js";
export { formBody } from "./serialize/form-body.js";
export { multipartBody } from "./serialize/multipart-body.js";

// Checking success bodies against their schemas (`validateResponses`).
export type { ResponseSchema, ResponseSchemas } from "./validate/response-schemas.js";
export type { ResponseSchemasSource } from "./validate/response-check.js";

// Errors: one base class, a subclass per family.
export * from "./errors/index.js";

// Retries: the pure decision, its backoff and Retry-After parsing.
export { retryDecision, type AttemptOutcome, type RetryDecision, type RetryReason, type RetryState } from "./retry/retry-decision.js";
export { fullJitterBackoff, type BackoffOptions } from "./retry/backoff.js";
export { parseRetryAfter } from "./retry/retry-after.js";
export { defaultRetryPolicy, type RetryPolicy } from "./retry/retry-policy.js";

// Idempotency keys, access tokens, entity tags, pagination, hooks.
export { generateIdempotencyKey, type RandomBytes } from "./idempotency-key.js";
export type { AccessTokenContext, GetAccessToken } from "./auth/access-token.js";
export type {
  BasicCredentials,
  Credentials,
  OAuth2ClientCredentials,
  SchemeCredential,
  SecurityOptions,
  SecurityRequirement,
  SecurityScheme,
  SecurityTable,
  TokenSource,
} from "./auth/security-schemes.js";
export { memoryEtagStore, type EtagCacheEntry, type EtagStore, type MemoryEtagStoreOptions } from "./etag-cache.js";
export type { PageIterator } from "./paginate.js";
export type { NextPage } from "./pages/next-page.js";
export type { ClientHooks, RequestHookEvent, ResponseHookEvent, RetryHookEvent, UnknownErrorCodeHookEvent } from "./hooks.js";
