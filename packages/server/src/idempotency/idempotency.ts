// Idempotency-Key on POST, PUT and PATCH (Errors › Idempotency; docs/decisions.md#idempotency-keys), for the
// operations whose spec carries x-signing-platform-idempotency:
//   - the key is required and must match the spec's pattern (16–128 letters and digits);
//   - it is scoped to the organization, the method and the path;
//   - the first request claims it; the same key and payload then replays the stored
//     outcome with `Idempotent-Replayed: true`, a fresh Request-Id and current rate-limit
//     headers; another payload is 409 idempotency_key_reused; a claim still running is
//     409 conflict;
//   - outcomes the operation produced are kept for the replay window (24 h); 5xx and
//     pre-operation rejections are released so a retry runs again (./outcome.ts).
import { headerNames, limits } from "@signing-platform/types";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { ApiErrorResponse, badRequest, serviceUnavailable } from "../errors/api-error-response.js";
import { whenSettled } from "../maybe-async.js";
import type { IdempotencyExtension } from "../router/operation-descriptor.js";
import { operationHeadersOf } from "../router/operation-headers.js";
import { onOperationRoute } from "../router/route-hooks.js";
import { payloadFingerprint } from "./fingerprint.js";
import { memoryIdempotencyStore } from "./memory-store.js";
import { isStoredOutcome } from "./outcome.js";
import type { IdempotencyStore, StoredResponse } from "./store.js";

/** How the server keeps idempotency keys (interface document, Idempotency): where records live, how long outcomes are replayed, and how long a claim holds. */
export interface IdempotencyOptions {
  /** Default: process memory. Use the Redis store when several instances serve one API. */
  store?: IdempotencyStore;
  /** How long an outcome is replayed. Default: the catalogue's idempotency_replay_window_seconds (24 h). */
  replayWindowSeconds?: number;
  /** How long a claim holds while its request runs, should the process die. Default 60 s. */
  inFlightLeaseSeconds?: number;
}

interface Claim {
  key: string;
  token: string;
  fingerprint: string;
  settled: boolean;
}

/** Headers that describe one response, not the outcome: a replay gets its own. */
const PER_RESPONSE = new Set(
  [
    headerNames.request_id,
    headerNames.rate_limit_limit,
    headerNames.rate_limit_remaining,
    headerNames.rate_limit_reset,
    headerNames.retry_after,
    headerNames.entity_tag,
    headerNames.idempotent_replayed,
    "content-length",
  ].map((name) => name.toLowerCase()),
);

const patterns = new WeakMap<IdempotencyExtension, RegExp>();
const patternOf = (rule: IdempotencyExtension) => {
  let pattern = patterns.get(rule);
  if (!pattern) patterns.set(rule, (pattern = new RegExp(rule.pattern)));
  return pattern;
};

/** The idempotency key of a request, or the 400 that says what is wrong with it. */
export function idempotencyKeyOf(request: FastifyRequest, rule: IdempotencyExtension): string {
  const value = request.headers[rule.header.toLowerCase()];
  if (value === undefined) {
    throw badRequest(`The ${rule.header} header is required on this operation.`, [
      { field: rule.header, code: "required", message: "is required" },
    ]);
  }
  if (typeof value !== "string" || !patternOf(rule).test(value)) {
    throw badRequest(`The ${rule.header} header must be ${rule.min_length} to ${rule.max_length} letters and digits.`, [
      { field: rule.header, code: "pattern", message: `must match the pattern ${rule.pattern}` },
    ]);
  }
  return value;
}

/**
 * The store key: organization, method, path and key. No separator can be forged: the
 * organization id (the resolver's, any text) is length-prefixed, and neither a method, a
 * request path (the HTTP parser refuses spaces in it) nor a key (letters and digits) holds
 * a space.
 */
export function idempotencyScopeKey(organizationId: string, method: string, path: string, key: string): string {
  return `${organizationId.length}:${organizationId} ${method} ${path} ${key}`;
}

// The claim a request holds, in a request decorator under a symbol: a property of a shape
// Fastify fixes per request is cheaper than a WeakMap entry, and stays out of the public type.
const claimOfRequest = Symbol("signing-platform.idempotency-claim");
const holder = (request: FastifyRequest) => request as unknown as { [claimOfRequest]: Claim | null };

async function idempotencyPlugin(fastify: FastifyInstance, options: IdempotencyOptions): Promise<void> {
  const {
    store = memoryIdempotencyStore(),
    replayWindowSeconds = limits.idempotency_replay_window_seconds,
    inFlightLeaseSeconds = 60,
  } = options;
  fastify.decorateRequest(claimOfRequest, null);

  const storeUnavailable = (cause: unknown) =>
    serviceUnavailable("The service is temporarily unavailable; retry after the time in Retry-After.", 1, cause);

  onOperationRoute(fastify, (operation, add) => {
    const rule = operation.idempotency;
    if (!rule) return;

    // preHandler: after authentication (the organization), body parsing and validation
    // (so a schema failure never claims the key), right before the operation runs.
    add("preHandler", (request, reply, done) => {
      if (!request.principal) return done();
      let key: string;
      try {
        key = idempotencyKeyOf(request, rule);
      } catch (error) {
        return done(error as ApiErrorResponse);
      }
      const fingerprint = payloadFingerprint(request.body);
      const url = request.raw.url ?? "";
      const query = url.indexOf("?");
      const scopeKey = idempotencyScopeKey(request.principal.organizationId, request.method, query < 0 ? url : url.slice(0, query), key);
      whenSettled(
        () => store.claim(scopeKey, fingerprint, inFlightLeaseSeconds * 1000),
        (claim) => {
          if (claim.claimed) {
            holder(request)[claimOfRequest] = { key: scopeKey, token: claim.token, fingerprint, settled: false };
            return done();
          }
          const { record } = claim;
          if (record.fingerprint !== fingerprint) {
            return done(
              new ApiErrorResponse("idempotency_key_reused", { message: `This ${rule.header} was already used with a different payload.` }),
            );
          }
          if (record.state === "in_flight") {
            return done(
              new ApiErrorResponse("conflict", {
                message: `A request with this ${rule.header} is still being processed; retry when it has finished.`,
              }),
            );
          }
          replay(reply, record.response, request.id);
        },
        (cause: unknown) => done(storeUnavailable(cause)),
      );
    });

    add("onSend", (request, reply, payload, done) => {
      const claim = holder(request)[claimOfRequest];
      if (!claim || claim.settled) return done(null, payload);
      claim.settled = true;
      whenSettled(
        () =>
          isStoredOutcome(reply.statusCode) && typeof payload === "string"
            ? store.complete(
                claim.key,
                claim.token,
                {
                  fingerprint: claim.fingerprint,
                  response: { status: reply.statusCode, headers: outcomeHeaders(request, reply), body: payload },
                },
                replayWindowSeconds * 1000,
              )
            : store.release(claim.key, claim.token),
        () => done(null, payload),
        (error: unknown) => {
          // The operation has run; its answer still goes out. The claim expires with its lease.
          request.log.error({ err: error }, "the idempotency store could not record an outcome");
          done(null, payload);
        },
      );
    });

    // A response that never reached onSend (a hijacked reply, a failing hook) frees its key.
    add("onResponse", (request, _reply, done) => {
      const claim = holder(request)[claimOfRequest];
      if (claim && !claim.settled) {
        claim.settled = true;
        whenSettled(
          () => store.release(claim.key, claim.token),
          () => undefined,
          (error: unknown) => request.log.error({ err: error }, "the idempotency store could not release a key"),
        );
      }
      done();
    });
  });
}

/** The outcome's headers: its content type and the headers the operation's reply set. */
function outcomeHeaders(request: FastifyRequest, reply: FastifyReply): Record<string, string> {
  const contentType = reply.getHeader("content-type");
  const kept: Record<string, string> = contentType === undefined ? {} : { "content-type": String(contentType) };
  const set = operationHeadersOf(request);
  if (set !== null) for (const name in set) if (!PER_RESPONSE.has(name.toLowerCase())) kept[name.toLowerCase()] = set[name]!;
  return kept;
}

/**
 * The stored outcome again (docs/decisions.md#idempotency-keys: original status and body, Idempotent-Replayed,
 * a fresh Request-Id). An error body's request_id is the new Request-Id, so that it still
 * equals the header (Errors › Error body).
 */
function replay(reply: FastifyReply, response: StoredResponse, requestId: string): FastifyReply {
  let body = response.body;
  if (response.status >= 400) {
    const parsed = JSON.parse(body) as { error?: { request_id?: string } };
    if (parsed.error) parsed.error.request_id = requestId;
    body = JSON.stringify(parsed);
  }
  return reply.code(response.status).headers(response.headers).header(headerNames.idempotent_replayed, "true").send(body);
}

export const idempotency = fastifyPlugin(idempotencyPlugin, { name: "signing-platform-idempotency", fastify: "5.x" });
