// What the hooks (hooks.ts) are told of each attempt: the request as sent with every credential
// redacted (the access token; the API keys, tokens and cookies of the operation's security),
// its answer and how long it took, each retry with its reason, and an error code the API's
// catalogue does not list. A body only with `includeBodies`. A hook that is not set costs
// nothing: not even a reading of the clock.
import type { ApiConventions } from "../api-description.js";
import { callHook, REDACTED, warnUnknownErrorCode, type ClientHooks, type UnknownErrorCodeHookEvent } from "../hooks.js";
import { readRequestId } from "../metadata.js";
import type { PreparedRequest } from "../prepare-request.js";
import type { RetryDecision } from "../retry/retry-decision.js";
import type { AttemptCredentials } from "./attempt-credentials.js";
import type { Received } from "./receive.js";

/** The headers of an attempt as hooks see them: every credential it carries replaced by `[redacted]`. */
export function redactedHeaders(headers: Record<string, string>, { token, authorization }: AttemptCredentials): Record<string, string> {
  const redacted: Record<string, string> = token === undefined ? { ...headers } : { ...headers, authorization: REDACTED };
  // Credentials of the operation's security: API keys, tokens and cookies are never shown to hooks.
  if (authorization) {
    for (const name of Object.keys(authorization.headers)) redacted[name] = REDACTED;
    if (authorization.cookies.length > 0) redacted.cookie = REDACTED;
  }
  return redacted;
}

/** The reports of one transport's attempts to its hooks. */
export interface AttemptReports {
  /** Tells onRequest of an attempt about to be sent; returns when it was sent, for onResponse's duration. */
  sending(request: PreparedRequest, attempt: number, headers: Record<string, string>, credentials: AttemptCredentials): number;
  /** Tells onResponse what the attempt sent at `sentAt` got. */
  answered(request: PreparedRequest, attempt: number, received: Received, sentAt: number): void;
  /** Tells onRetry that attempt number `attempt` follows, when and why. */
  retrying(request: PreparedRequest, attempt: number, decision: RetryDecision, received: Received): void;
  /** Tells onUnknownErrorCode, or without it warns on the console (Errors › Error codes: "Clients log unknown codes"). */
  unknownErrorCode(event: UnknownErrorCodeHookEvent): void;
}

export function attemptReports(hooks: ClientHooks, now: () => number, conventions: ApiConventions): AttemptReports {
  return {
    sending(request, attempt, headers, credentials) {
      if (hooks.onRequest) {
        callHook(hooks.onRequest, {
          method: request.method,
          path: request.path,
          url: request.url,
          attempt,
          headers: redactedHeaders(headers, credentials),
          ...(hooks.includeBodies && typeof request.body === "string" ? { body: request.body } : {}),
        });
      }
      return hooks.onResponse ? now() : 0;
    },
    answered(request, attempt, received, sentAt) {
      if (!hooks.onResponse) return;
      const response = received.kind === "response" ? received.response : undefined;
      callHook(hooks.onResponse, {
        method: request.method,
        path: request.path,
        url: request.url,
        attempt,
        status: response?.status,
        requestId: response ? readRequestId(response.headers, conventions.headers) : undefined,
        durationMs: now() - sentAt,
        ...(hooks.includeBodies && received.kind === "response" ? { body: received.text } : {}),
      });
    },
    retrying(request, attempt, decision, received) {
      callHook(hooks.onRetry, {
        method: request.method,
        path: request.path,
        attempt,
        delayMs: decision.delayMs,
        reason: decision.reason,
        status: received.kind === "response" ? received.response.status : undefined,
      });
    },
    unknownErrorCode(event) {
      if (hooks.onUnknownErrorCode) callHook(hooks.onUnknownErrorCode, event);
      else warnUnknownErrorCode(event);
    },
  };
}
