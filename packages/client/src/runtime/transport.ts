// One call, from its first attempt to its result: the retry loop of docs/decisions.md#client-retries
// around `fetch`. Each concern is a module of transport/, composed here: the credentials of each
// attempt (attempt-credentials.ts), the entity-tag cache (etag-revalidation.ts), the attempt on
// the wire (receive.ts), a streamed success and its resumption (stream-resumption.ts), the hooks (attempt-reports.ts), the overall deadline and the caller's
// signal (deadline.ts) and the result (call-result.ts); whether and when to retry is the pure
// retryDecision (retry/). The request (URL, headers, body, idempotency key) is prepared once
// before the loop (prepare-request.ts), so a body is re-sent byte for byte and the key is the
// same on every attempt (Errors › Idempotency 1).
import type { ApiConventions } from "./api-description.js";
import type { AccessTokenManager } from "./auth/access-token.js";
import type { RequestAuthorizer } from "./auth/authorize-request.js";
import type { CallOutcome } from "./call-types.js";
import type { ApiError } from "./errors/api-error.js";
import type { EtagStore } from "./etag-cache.js";
import type { FetchLike } from "./fetch-like.js";
import type { ClientHooks } from "./hooks.js";
import type { PreparedRequest } from "./prepare-request.js";
import { retryDecision } from "./retry/retry-decision.js";
import type { RetryPolicy } from "./retry/retry-policy.js";
import type { Sleep } from "./retry/sleep.js";
import { credentialsForAttempts, type AttemptCredentials } from "./transport/attempt-credentials.js";
import { attemptReports } from "./transport/attempt-reports.js";
import { callResults } from "./transport/call-result.js";
import { withDeadline } from "./transport/deadline.js";
import { revalidate } from "./transport/etag-revalidation.js";
import { attemptOutcome, receive } from "./transport/receive.js";
import { streamOpener } from "./transport/stream-resumption.js";
import type { ResponseCheck } from "./validate/response-check.js";

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
  /** Checks each JSON success body against its schema, under `validateResponses`. */
  checkResponse?: ResponseCheck | undefined;
}

export function createTransport(options: TransportOptions): (request: PreparedRequest) => Promise<CallOutcome> {
  const { fetch, tokens, authorizer, policy, sleep, now, random, hooks, etagStore, conventions, checkResponse } = options;
  const ifNoneMatch = conventions.headers.ifNoneMatch.toLowerCase();
  const credentials = credentialsForAttempts(tokens, authorizer);
  const reports = attemptReports(hooks, now, conventions);
  const results = callResults(conventions, now, reports, streamOpener(send, sleep, policy), checkResponse);

  async function attemptUntilFinal(
    request: PreparedRequest,
    signal: AbortSignal | undefined,
    deadline: number,
    progress: { attempts: number },
  ): Promise<CallOutcome> {
    const revalidation = etagStore && request.method === "GET" ? await revalidate(etagStore, request, ifNoneMatch) : undefined;
    // The prepared headers belong to this call, so each attempt completes them in place.
    const headers = request.headers;
    // The caller's own cookies, to which each attempt adds the cookies of its credentials.
    const ownCookie = headers.cookie;
    let attempts = 0;
    let credentialsRefreshed = false;

    for (;;) {
      attempts += 1;
      progress.attempts = attempts;
      let carried: AttemptCredentials;
      try {
        const obtained = credentials.obtain(request, headers, ownCookie);
        carried = obtained instanceof Promise ? await obtained : obtained;
      } catch (error) {
        return results.failed(error as ApiError, undefined, request, attempts - 1);
      }
      const sentAt = reports.sending(request, attempts, headers, carried);
      const received = await receive(fetch, request, headers, signal, carried.authorization);
      reports.answered(request, attempts, received, sentAt);

      // Success and 3xx are final (their retry class is not_applicable or no): skip the decision.
      if (received.kind === "response" && received.response.status < 400)
        return results.ofLastAttempt(received, request, attempts, revalidation);
      const decision = retryDecision(
        attemptOutcome(received, conventions),
        {
          retriesSoFar: attempts - 1,
          tokenRefreshed: credentialsRefreshed,
          canRefreshToken: credentials.canRefresh(carried),
          replayable: request.replayable,
        },
        request.maxRetries === undefined ? policy : { ...policy, maxRetries: request.maxRetries },
        { nowMs: now(), random, retryByStatus: conventions.retryByStatus },
      );
      // A wait that would end past the deadline is not started: the last outcome is returned.
      if (!decision || now() + decision.delayMs >= deadline) return results.ofLastAttempt(received, request, attempts, revalidation);
      reports.retrying(request, attempts + 1, decision, received);
      if (decision.refreshToken && credentials.carriesRefreshable(carried)) {
        credentialsRefreshed = true;
        try {
          await credentials.refresh(carried);
        } catch {
          return results.ofLastAttempt(received, request, attempts, revalidation);
        }
      }
      if (decision.delayMs > 0) await sleep(decision.delayMs, signal);
    }
  }

  return send;

  function send(request: PreparedRequest): Promise<CallOutcome> {
    const progress = { attempts: 0 };
    return withDeadline(
      request,
      now,
      (signal, deadline) => attemptUntilFinal(request, signal, deadline, progress),
      (timeout) => results.failed(timeout, undefined, request, progress.attempts),
    );
  }
}
