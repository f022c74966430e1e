// One call, from its first attempt to its result: the retry loop of docs/decisions.md#client-retries around
// `fetch`, with the access token, the entity-tag cache, the overall deadline and the hooks.
// The request (URL, headers, body, idempotency key) is prepared once before the loop, so a
// body is re-sent byte for byte and the key is the same on every attempt (Errors ›
// Idempotency 1).
import type { NotModifiedResult, ErrorResult, SuccessResult } from "./call-types.js";
import type { AccessTokenManager } from "./auth/access-token.js";
import type { Authorization, RequestAuthorizer } from "./auth/authorize-request.js";
import type { EtagCacheEntry, EtagStore } from "./etag-cache.js";
import { ApiError } from "./errors/api-error.js";
import { AuthenticationError, ConnectionError, InvalidResponseError } from "./errors/error-families.js";
import { errorFromResponse } from "./errors/error-from-response.js";
import { callHook, REDACTED, warnUnknownErrorCode, type ClientHooks } from "./hooks.js";
import { readRequestId, readResponseHeaders, type ResponseMeta } from "./metadata.js";
import { retryDecision, type AttemptOutcome } from "./retry/retry-decision.js";
import type { RetryPolicy } from "./retry/retry-policy.js";
import type { ApiConventions } from "./api-description.js";
import { readsBytes, successBody } from "./serialize/response-body.js";
import type { ParseAs } from "./serialize/wire-format.js";

/** The subset of `fetch` the client uses: global fetch, undici's, or a test double. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Waits `ms`; rejects with the signal's reason when it aborts first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });

export interface PreparedRequest {
  method: string;
  /** Path template, for hooks. */
  path: string;
  url: string;
  /** Lower-case names; no Authorization (added per attempt). */
  headers: Record<string, string>;
  /** Text, or bytes as a Blob (a form, multipart or file body: serialize/request-body.ts). */
  body: string | Blob | undefined;
  /** How a success body is read; JSON when absent. */
  parseAs?: ParseAs;
  idempotencyKey: string | undefined;
  signal: AbortSignal | undefined;
  /** Overall deadline; undefined for none. */
  timeoutMs: number | undefined;
  /** Whether the request may be sent again after the server may have acted on it (retry-decision.ts). */
  replayable: boolean;
}

export type CallOutcome = SuccessResult<unknown> | NotModifiedResult | ErrorResult;

export interface TransportOptions {
  fetch: FetchLike;
  tokens: AccessTokenManager | undefined;
  /** The credentials of each operation's `security` (auth/authorize-request.ts), when the client has a table of them. */
  authorizer?: RequestAuthorizer | undefined;
  policy: RetryPolicy;
  sleep: Sleep;
  now: () => number;
  random: () => number;
  hooks: ClientHooks;
  etagStore: EtagStore | undefined;
  conventions: ApiConventions;
}

type Received = { kind: "response"; response: Response; text: string; bytes?: ArrayBuffer } | { kind: "network-error"; cause: unknown };

class DeadlineExceeded extends Error {}

function redactedHeaders(
  headers: Record<string, string>,
  token: string | undefined,
  authorization: Authorization | undefined,
): Record<string, string> {
  const redacted: Record<string, string> = token === undefined ? { ...headers } : { ...headers, authorization: REDACTED };
  // Credentials of the operation's security: API keys, tokens and cookies are never shown to hooks.
  if (authorization) {
    for (const name of Object.keys(authorization.headers)) redacted[name] = REDACTED;
    if (authorization.cookies.length > 0) redacted.cookie = REDACTED;
  }
  return redacted;
}

/** The URL of an attempt: the query's API keys after the request's own query. */
function withQuery(url: string, query: Array<[string, string]>): string {
  if (query.length === 0) return url;
  const added = query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&");
  return `${url}${url.includes("?") ? "&" : "?"}${added}`;
}

function responseMeta(
  response: Response | undefined,
  request: PreparedRequest,
  attempts: number,
  conventions: ApiConventions,
): ResponseMeta {
  const read = response ? readResponseHeaders(response.headers, conventions.headers) : undefined;
  return {
    requestId: read?.requestId,
    rateLimit: read?.rateLimit,
    etag: read?.etag,
    idempotencyKey: request.idempotencyKey,
    attempts,
    fromCache: false,
  };
}

export function createTransport(options: TransportOptions): (request: PreparedRequest) => Promise<CallOutcome> {
  const { fetch, tokens, authorizer, policy, sleep, now, random, hooks, etagStore, conventions } = options;
  const IF_NONE_MATCH = conventions.headers.ifNoneMatch.toLowerCase();

  async function attempt(
    request: PreparedRequest,
    signal: AbortSignal | undefined,
    deadline: number,
    progress: { attempts: number },
  ): Promise<CallOutcome> {
    const cacheKey = etagStore && request.method === "GET" ? request.url : undefined;
    const kept: EtagCacheEntry | undefined = cacheKey === undefined ? undefined : await etagStore!.get(cacheKey);
    // The prepared headers belong to this call, so they are completed in place.
    const headers = request.headers;
    if (kept && !(IF_NONE_MATCH in headers)) headers[IF_NONE_MATCH] = kept.etag;
    // A 304 stands for the kept body only when it answers the kept tag (not a caller's own).
    const cached = kept && headers[IF_NONE_MATCH] === kept.etag ? kept : undefined;
    let attempts = 0;
    let tokenRefreshed = false;
    // The caller's own cookies, to which each attempt adds the cookies of its credentials.
    const ownCookie = headers.cookie;

    for (;;) {
      attempts += 1;
      progress.attempts = attempts;
      let token: string | undefined;
      try {
        token = tokens ? (tokens.peek() ?? (await tokens.current())) : undefined;
      } catch (cause) {
        return errorResult(
          new AuthenticationError({
            code: "access_token_unavailable",
            status: undefined,
            retryable: false,
            message: "getAccessToken failed; no request was sent.",
            cause,
          }),
          undefined,
          request,
          attempts - 1,
        );
      }
      if (token !== undefined) headers.authorization = `Bearer ${token}`;
      let authorization: Authorization | undefined;
      if (authorizer) {
        try {
          authorization = await authorizer.authorize(request.method, request.path);
        } catch (cause) {
          const error =
            cause instanceof ApiError
              ? cause
              : new AuthenticationError({
                  code: "access_token_unavailable",
                  status: undefined,
                  retryable: false,
                  message: "A credential of the operation's security could not be obtained; no request was sent.",
                  cause,
                });
          return errorResult(error, undefined, request, attempts - 1);
        }
        if (authorization) {
          Object.assign(headers, authorization.headers);
          const cookies = authorization.cookies.map(([name, value]) => `${name}=${value}`);
          if (cookies.length > 0) headers.cookie = [...(ownCookie === undefined ? [] : [ownCookie]), ...cookies].join("; ");
        }
      }
      if (hooks.onRequest) {
        callHook(hooks.onRequest, {
          method: request.method,
          path: request.path,
          url: request.url,
          attempt: attempts,
          headers: redactedHeaders(headers, token, authorization),
          ...(hooks.includeBodies && typeof request.body === "string" ? { body: request.body } : {}),
        });
      }
      const started = hooks.onResponse ? now() : 0;
      const received = await receive(request, headers, signal, authorization);
      if (hooks.onResponse) {
        const response = received.kind === "response" ? received.response : undefined;
        callHook(hooks.onResponse, {
          method: request.method,
          path: request.path,
          url: request.url,
          attempt: attempts,
          status: response?.status,
          requestId: response ? readRequestId(response.headers, conventions.headers) : undefined,
          durationMs: now() - started,
          ...(hooks.includeBodies && received.kind === "response" ? { body: received.text } : {}),
        });
      }

      // Success and 3xx are final (their retry class is not_applicable or no): skip the decision.
      if (received.kind === "response" && received.response.status < 400) return finish(received, request, attempts, cached, cacheKey);
      const outcome: AttemptOutcome =
        received.kind === "response"
          ? {
              kind: "response",
              status: received.response.status,
              retryAfter: received.response.headers.get(conventions.headers.retryAfter),
            }
          : { kind: "network-error" };
      const decision = retryDecision(
        outcome,
        {
          retriesSoFar: attempts - 1,
          tokenRefreshed,
          canRefreshToken: (tokens?.refreshable ?? false) || (authorization?.refreshable ?? false),
          replayable: request.replayable,
        },
        policy,
        { nowMs: now(), random, retryByStatus: conventions.retryByStatus },
      );
      // A wait that would end past the deadline is not started: the last outcome is returned.
      if (decision && now() + decision.delayMs < deadline) {
        callHook(hooks.onRetry, {
          method: request.method,
          path: request.path,
          attempt: attempts + 1,
          delayMs: decision.delayMs,
          reason: decision.reason,
          status: received.kind === "response" ? received.response.status : undefined,
        });
        if (decision.refreshToken && ((tokens && token !== undefined) || authorization?.refreshable)) {
          tokenRefreshed = true;
          try {
            if (tokens && token !== undefined) await tokens.refresh(token);
            if (authorization?.refreshable) await authorization.refresh();
          } catch {
            return finish(received, request, attempts, cached, cacheKey);
          }
        }
        if (decision.delayMs > 0) await sleep(decision.delayMs, signal);
        continue;
      }
      return finish(received, request, attempts, cached, cacheKey);
    }
  }

  async function receive(
    request: PreparedRequest,
    headers: Record<string, string>,
    signal: AbortSignal | undefined,
    authorization: Authorization | undefined,
  ): Promise<Received> {
    try {
      const init: RequestInit = { method: request.method, headers, body: request.body };
      if (signal) init.signal = signal;
      const url = authorization ? withQuery(request.url, authorization.query) : request.url;
      const response = await (authorization?.fetch ?? fetch)(url, init);
      // The whole body is read here, so a connection reset in the middle of it is a network
      // error of this attempt (and retried), not a half-read result.
      if (readsBytes(request.parseAs)) {
        const bytes = await response.arrayBuffer();
        // An error body is still read as text, for the error it describes.
        const text = response.status >= 200 && response.status <= 299 ? "" : new TextDecoder().decode(bytes);
        return { kind: "response", response, text, bytes };
      }
      const text = await response.text();
      return { kind: "response", response, text };
    } catch (cause) {
      if (signal?.aborted) throw signal.reason;
      return { kind: "network-error", cause };
    }
  }

  function errorResult(
    error: ErrorResult["error"],
    response: Response | undefined,
    request: PreparedRequest,
    attempts: number,
  ): ErrorResult {
    return { error, response, meta: responseMeta(response, request, attempts, conventions) };
  }

  /**
   * The result of the last attempt; a promise only when the entity-tag store is written, so the
   * common call allocates none (`npm run bench -- client`: the client's goal is at most 15 %
   * over raw fetch).
   */
  function finish(
    received: Received,
    request: PreparedRequest,
    attempts: number,
    cached: EtagCacheEntry | undefined,
    cacheKey: string | undefined,
  ): CallOutcome | Promise<CallOutcome> {
    if (received.kind === "network-error") {
      const error = new ConnectionError({
        code: "connection_error",
        message: `${request.method} ${request.path} got no complete response after ${attempts} attempt(s).`,
        cause: received.cause,
      });
      return errorResult(error, undefined, request, attempts);
    }
    const { response, text } = received;
    const meta = responseMeta(response, request, attempts, conventions);
    if (response.status === 304) {
      // docs/decisions.md#entity-tags: a 304 has no body; the body is the one kept with the matching tag.
      if (cached)
        return { data: structuredClone(cached.data), response, meta: { ...meta, etag: meta.etag ?? cached.etag, fromCache: true } };
      return { notModified: true, response, meta };
    }
    if (response.status >= 200 && response.status <= 299) {
      let data: unknown;
      try {
        data =
          request.parseAs !== undefined && request.parseAs !== "json"
            ? successBody(request.parseAs, text, received.bytes, response)
            : text === ""
              ? undefined
              : JSON.parse(text);
      } catch (cause) {
        const error = new InvalidResponseError({
          code: "invalid_response",
          status: response.status,
          requestId: meta.requestId,
          retryable: false,
          message: `The server answered ${response.status} with a body that is not JSON.`,
          cause,
        });
        return errorResult(error, response, request, attempts);
      }
      const result: CallOutcome = { data, response, meta };
      if (cacheKey !== undefined && meta.etag !== undefined && response.status === 200) {
        return Promise.resolve(etagStore!.set(cacheKey, { etag: meta.etag, data })).then(() => result);
      }
      return result;
    }
    const { error, unknownCode } = errorFromResponse(
      { status: response.status, headers: response.headers, text, nowMs: now() },
      conventions,
    );
    if (unknownCode !== undefined) {
      const event = { code: unknownCode, status: response.status, requestId: error.requestId, method: request.method, path: request.path };
      if (hooks.onUnknownErrorCode) callHook(hooks.onUnknownErrorCode, event);
      else warnUnknownErrorCode(event);
    }
    const result = errorResult(error, response, request, attempts);
    if (cacheKey !== undefined && cached && (response.status === 404 || response.status === 410)) {
      return Promise.resolve(etagStore!.delete(cacheKey)).then(() => result);
    }
    return result;
  }

  return async function send(request: PreparedRequest): Promise<CallOutcome> {
    const { signal: callerSignal, timeoutMs } = request;
    callerSignal?.throwIfAborted();
    const progress = { attempts: 0 };
    // Without a deadline the caller's signal (if any) goes to fetch as it is: a signal that
    // fetch follows costs about 12 µs a request (`npm run bench -- client`), so none is made
    // when nothing can abort the call.
    if (timeoutMs === undefined) return attempt(request, callerSignal, Number.POSITIVE_INFINITY, progress);

    const deadline = now() + timeoutMs;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DeadlineExceeded()), timeoutMs);
    const onAbort = () => controller.abort(callerSignal!.reason);
    callerSignal?.addEventListener("abort", onAbort, { once: true });
    try {
      return await attempt(request, controller.signal, deadline, progress);
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason;
      if (error instanceof DeadlineExceeded) {
        const timeout = new ConnectionError({
          code: "deadline_exceeded",
          message: `${request.method} ${request.path} did not complete within ${timeoutMs} ms.`,
        });
        return errorResult(timeout, undefined, request, progress.attempts);
      }
      throw error;
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onAbort);
    }
  };
}
