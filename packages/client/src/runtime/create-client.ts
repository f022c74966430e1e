// createClient: openapi-fetch's typed methods on the transport of transport.ts, for the API
// an ApiDescription describes. Options are unpacked with their defaults at the top; the retry
// defaults are those of docs/decisions.md#client-retries.
import { createQuerySerializer } from "openapi-fetch";
import type { HttpMethod } from "openapi-typescript-helpers";
import { refreshingAccessToken, staticAccessToken, type GetAccessToken } from "./auth/access-token.js";
import { createAuthorizer } from "./auth/authorize-request.js";
import type { SecurityOptions } from "./auth/security-schemes.js";
import type {
  CallOptions,
  CallOutcome,
  ClientMethod,
  InitArguments,
  OperationOf,
  ClientPaths,
  ClientRequestMethod,
  PageItem,
  PaginatedPath,
  PaginateOptions,
} from "./call-types.js";
import { ApiError } from "./errors/api-error.js";
import { RequestValidationError } from "./errors/error-families.js";
import { memoryEtagStore, type EtagStore } from "./etag-cache.js";
import type { FetchLike } from "./fetch-like.js";
import type { ClientHooks } from "./hooks.js";
import { webCryptoRandomBytes, type RandomBytes } from "./idempotency-key.js";
import type { ApiDescription } from "./api-description.js";
import { checkPageSize, createPageIterator, type PageIterator } from "./paginate.js";
import { prepareRequest, type PrepareContext, type UntypedCallOptions } from "./prepare-request.js";
import { hasStream, withStreamsRead } from "./serialize/file-body.js";
import { defaultRetryPolicy, type RetryPolicy } from "./retry/retry-policy.js";
import { realSleep, type Sleep } from "./retry/sleep.js";
import { createTransport } from "./transport.js";
import { responseMeta } from "./transport/call-result.js";
import { userAgentOf, type SdkIdentity } from "./user-agent.js";
import { responseCheck } from "./validate/response-check.js";

/** How the client retries (docs/decisions.md#client-retries), and the sleep, randomness and clock it uses to do so. */
export interface RetryOptions extends Partial<RetryPolicy> {
  /** Waits between attempts; replace it in tests to observe waits without waiting. */
  sleep?: Sleep;
  /** [0, 1) source of the backoff jitter. */
  random?: () => number;
  /** The clock, in milliseconds, that HTTP-date Retry-After values and the deadline are read against. */
  now?: () => number;
}

export interface ClientOptions {
  /** Base URL of the service, without a trailing slash (the server variable `base_url`). */
  baseUrl: string;
  /** A static OAuth 2.0 access token. A 401 is then final: there is nothing to refresh. */
  accessToken?: string;
  /** Called for the first token and, once per 401, for a new one (Authentication 2). */
  getAccessToken?: GetAccessToken;
  /**
   * The document's security schemes, each operation's requirements and the credentials given
   * for them: each call carries what its own operation asks for. Generated SDKs fill it from
   * their options (basic, bearer, apiKey, oauth2, openIdConnect, mutualTLS).
   */
  security?: SecurityOptions;
  /** How calls are retried; the defaults are those of the interface document. */
  retry?: RetryOptions;
  /** A fetch implementation; globalThis.fetch by default. For mutual TLS, an undici fetch with a client certificate. */
  fetch?: FetchLike;
  /** Callbacks called on each request, response, retry and unknown error code. */
  hooks?: ClientHooks;
  /** Entity-tag cache for GETs: true for an in-memory one, or a store of your own. Off by default. */
  etagCache?: boolean | EtagStore;
  /**
   * Overall deadline of each call in milliseconds, retries and waits included; an attempt in
   * flight at the deadline is aborted. None by default: the retry policy already bounds the
   * waits (at most 3 retries, each at most 60 s), and a deadline costs an AbortSignal per call.
   */
  timeoutMs?: number;
  /** Headers sent on every request; a User-Agent given here, or in a call's headers, replaces the SDK's. */
  headers?: Record<string, string>;
  /** The generated SDK this client is part of: named, with its version, in the User-Agent where the platform lets a program set it (not in browsers). */
  sdk?: SdkIdentity;
  /** CSPRNG for idempotency keys; WebCrypto by default. */
  randomBytes?: RandomBytes;
  /**
   * Check each JSON success body against its operation's schema in the document: a body that
   * does not match rejects with an InvalidResponseError naming the operation, the status and
   * each mismatch's JSON path and rule. Off by default; it needs ajv (an optional peer
   * dependency, imported on the first body checked) and the API description's `responseSchemas`.
   */
  validateResponses?: boolean;
}

/** `Paths` as the client types them: the idempotency key header optional (the client supplies it). */
export type TypedPaths<Paths, IdempotencyKeyHeader extends string = "Idempotency-Key"> = ClientPaths<Paths, IdempotencyKeyHeader>;

/** The arguments after the path of `client.<METHOD>(path, …)`: for typed wrappers such as generated SDK helpers. */
export type CallArguments<Paths extends {}, Method extends HttpMethod, Path> = InitArguments<
  CallOptions<OperationOf<TypedPaths<Paths>, Path, Method>>
>;

/** The options of `client.paginate(path, …)` for a path of `Paths`. */
export type PaginateOptionsOf<Paths extends {}, Path> = PaginateOptions<TypedPaths<Paths>, Path>;

/** A typed client: one method per HTTP method, `request` for any method, and `paginate` for list operations. */
export interface Client<Paths extends {}, Typed extends {} = TypedPaths<Paths>> {
  /** Calls a GET operation: `client.GET(path, { params })`. */
  GET: ClientMethod<Typed, "get">;
  /** Calls a PUT operation: `client.PUT(path, { params, body })`. */
  PUT: ClientMethod<Typed, "put">;
  /** Calls a POST operation: `client.POST(path, { params, body })`. */
  POST: ClientMethod<Typed, "post">;
  /** Calls a DELETE operation: `client.DELETE(path, { params })`. */
  DELETE: ClientMethod<Typed, "delete">;
  /** Calls a PATCH operation: `client.PATCH(path, { params, body })`. */
  PATCH: ClientMethod<Typed, "patch">;
  /** Calls a HEAD operation: `client.HEAD(path, { params })`. */
  HEAD: ClientMethod<Typed, "head">;
  /** Calls an OPTIONS operation: `client.OPTIONS(path, { params })`. */
  OPTIONS: ClientMethod<Typed, "options">;
  /** Calls an operation by method and path: `client.request("get", path, { params })`. */
  request: ClientRequestMethod<Typed>;
  /** Every item of a list operation, page after page (Limits › Pagination rules). */
  paginate<Path extends PaginatedPath<Typed>>(path: Path, options?: PaginateOptions<Typed, Path>): PageIterator<PageItem<Typed, Path>>;
}

function checkOptions(api: ApiDescription, options: ClientOptions): string {
  if (typeof options?.baseUrl !== "string" || !/^https?:\/\/[^/]/i.test(options.baseUrl)) {
    throw new TypeError("createClient: baseUrl must be an absolute http(s) URL.");
  }
  if (options.accessToken !== undefined && options.getAccessToken !== undefined) {
    throw new TypeError("createClient: give accessToken or getAccessToken, not both.");
  }
  if (options.validateResponses && !api.responseSchemas) {
    throw new TypeError("createClient: validateResponses needs the API description's responseSchemas, which every generated SDK carries.");
  }
  return options.baseUrl.replace(/\/+$/, "");
}

/**
 * A client of the API `api` describes; `Paths` is openapi-typescript's `paths` of its document.
 * @example
 * ```ts
 * import { readFileSync } from "node:fs";
 * import { parse } from "yaml";
 * import type { paths } from "@signing-platform/types";
 * import { createApiClient, describeApi } from "@signing-platform/client";
 *
 * const api = describeApi(parse(readFileSync("openapi.yaml", "utf8")));
 * const client = createApiClient<paths>(api, { baseUrl: "https://api.example.test", accessToken: "token" });
 * const { data, error } = await client.GET("/certificates");
 * ```
 */
export function createApiClient<Paths extends {}>(api: ApiDescription, options: ClientOptions): Client<Paths> {
  const baseUrl = checkOptions(api, options);
  const { operations, conventions } = api;
  const {
    accessToken,
    getAccessToken,
    security,
    retry = {},
    fetch = (url, init) => globalThis.fetch(url, init),
    hooks = {},
    etagCache = false,
    timeoutMs,
    headers = {},
    randomBytes = webCryptoRandomBytes,
    sdk,
    validateResponses = false,
  } = options;
  const userAgent = sdk && userAgentOf(sdk);
  const { sleep = realSleep, random = Math.random, now = Date.now, ...policy } = retry;

  const send = createTransport({
    fetch,
    tokens: getAccessToken ? refreshingAccessToken(getAccessToken) : accessToken !== undefined ? staticAccessToken(accessToken) : undefined,
    authorizer: security ? createAuthorizer(security, { fetch, baseUrl, now }) : undefined,
    policy: { ...defaultRetryPolicy, ...policy },
    sleep,
    now,
    random,
    hooks,
    etagStore: etagCache === true ? memoryEtagStore() : etagCache || undefined,
    conventions,
    checkResponse: validateResponses && api.responseSchemas ? responseCheck(api.responseSchemas) : undefined,
  });
  const context: PrepareContext = {
    baseUrl,
    // Before the caller's headers, which are lower-cased after it: a User-Agent of theirs wins.
    headers: userAgent ? { [conventions.headers.userAgent]: userAgent, ...headers } : headers,
    operations,
    conventions,
    querySerializer: createQuerySerializer(),
    randomBytes,
    timeoutMs,
  };

  function request(method: string, path: string, init: UntypedCallOptions = {}): Promise<CallOutcome> {
    // A stream in the body is read once, before the first attempt, so every attempt sends its bytes.
    if (init.wire?.body && hasStream(init.body)) return withStreamsRead(init.body).then((body) => request(method, path, { ...init, body }));
    let prepared;
    try {
      prepared = prepareRequest(method, path, init, context);
    } catch (error) {
      if (!(error instanceof ApiError)) return Promise.reject(error);
      // Refused before anything was sent: no response, no key, no attempt.
      return Promise.resolve({ error, response: undefined, meta: responseMeta(undefined, undefined, 0, conventions) });
    }
    return send(prepared);
  }

  const method = (name: Uppercase<HttpMethod>) => (path: string, init?: UntypedCallOptions) => request(name, path, init);

  function paginate(path: string, paginateOptions: UntypedCallOptions & { limit?: number } = {}) {
    const { pages, pagination } = operations[path]?.get ?? {};
    if (!pages || !pagination) throw new RequestValidationError({ message: `GET ${path} is not a paginated operation.` });
    const { limit, ...init } = paginateOptions;
    checkPageSize(limit, pagination);
    const query = { ...init.params?.query, [pagination.limit_parameter]: limit };
    return createPageIterator(
      (next) =>
        request(
          "GET",
          path,
          next && "url" in next
            ? { ...init, url: next.url }
            : { ...init, params: { ...init.params, query: next ? { ...query, [next.parameter]: next.value } : query } },
        ),
      pages,
      query,
    );
  }

  // The typed surface is checked by the types of call-types.ts; the implementation is untyped.
  return {
    GET: method("GET"),
    PUT: method("PUT"),
    POST: method("POST"),
    DELETE: method("DELETE"),
    PATCH: method("PATCH"),
    HEAD: method("HEAD"),
    OPTIONS: method("OPTIONS"),
    request: (name: string, path: string, init?: UntypedCallOptions) => request(name.toUpperCase(), path, init),
    paginate,
  } as unknown as Client<Paths>;
}
