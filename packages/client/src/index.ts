// @signing-platform/client: a typed client of the Signing Platform API that keeps every
// client rule of the interface document. Browser-safe; mutual TLS is in
// `@signing-platform/client/node`. Built from the runtime every generated SDK carries
// (src/runtime/); this entry exports what a user of the client needs, and the pieces an SDK
// author needs to bind the same runtime to another document.

// The client of this API, and its description.
export { api } from "./generated/api.js";
export { createClient, type ClientOptions, type MutualTlsOptions } from "./client.js";

// The same client for any OpenAPI document.
export {
  createApiClient,
  describeApi,
  idempotencyKeyHeader,
  type ApiConventions,
  type ApiDescription,
  type Deprecation,
  type ErrorCodeConvention,
  type HeaderConventions,
  type OperationExtensions,
  type OperationsTable,
  type ResponseSchema,
  type ResponseSchemas,
  type ResponseSchemasSource,
  type RetryClass,
} from "./runtime/index.js";

// Options, results and the lower-level call types.
export type {
  AccessTokenContext,
  BasicCredentials,
  CallArguments,
  CallOptions,
  CallResult,
  Client,
  ClientHooks,
  ErrorResult,
  EtagCacheEntry,
  EtagStore,
  FetchLike,
  Credentials,
  GetAccessToken,
  MemoryEtagStoreOptions,
  NotModifiedResult,
  OAuth2ClientCredentials,
  NextPage,
  PageIterator,
  PaginateOptionsOf,
  RandomBytes,
  RateLimit,
  RequestHookEvent,
  ResponseHookEvent,
  ResponseMeta,
  RetryHookEvent,
  RetryOptions,
  SdkIdentity,
  RetryPolicy,
  SchemeCredential,
  SecurityOptions,
  SecurityRequirement,
  SecurityScheme,
  SecurityTable,
  Sleep,
  SuccessResult,
  TokenSource,
  TypedPaths,
  UnknownErrorCodeHookEvent,
} from "./runtime/index.js";
export { memoryEtagStore } from "./runtime/index.js";

// The resource style of generated SDKs, for resources written by hand.
export {
  APIPromise,
  PagePromise,
  resourceCalls,
  type BodyIn,
  type BodyOf,
  type CallParts,
  type CookieOf,
  type FileBody,
  type HeaderOf,
  type IdempotentRequestOptions,
  type ItemOf,
  type ParameterFormat,
  type ParameterRequestOptions,
  type ParameterStyle,
  type ParseAs,
  type PathParam,
  type PropertyEncoding,
  type QueryOf,
  type QueryRequestOptions,
  type RequestOptions,
  type ResourceCalls,
  type StreamEventOf,
  type StreamFormat,
  type SuccessOf,
  type WireFormat,
  type WithResponse,
} from "./runtime/index.js";

// Streamed responses (server-sent events, JSON Lines) and the media types that make one.
export {
  EventStream,
  STREAM_MEDIA_TYPES,
  UntypedEvent,
  streamFraming,
  type EventStreamOptions,
  type Resumption,
  type StreamFraming,
  type StreamMediaType,
} from "./runtime/index.js";

// Errors: one base class, a subclass per family.
export * from "./runtime/errors/index.js";
