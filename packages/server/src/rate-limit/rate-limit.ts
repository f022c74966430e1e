// Rate limits (Errors › Headers on every response; HTTP statuses 429): every response
// carries RateLimit-Limit, -Remaining and -Reset, errors and 304 included; a request over
// the quota is 429 rate_limited with Retry-After. One counter per organization and
// endpoint; before authentication succeeds, per client address and endpoint.
import { headerNames } from "@signing-platform/types";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { ApiErrorResponse, serviceUnavailable } from "../errors/api-error-response.js";
import "../router/fastify-types.js";
import {
  rateLimitHeaders,
  rateLimitKey,
  rateLimitStateOf,
  retryAfterSeconds,
  type Quota,
  type RateLimitScope,
  type RateLimitState,
} from "./quota.js";
import { memoryRateLimitStore, type RateLimitStore } from "./store.js";

/** How the server rate-limits requests: the quotas, where counters live, and the key prefix. */
export interface RateLimitOptions {
  /** The quota of every endpoint unless a more specific one applies. Default: 1000 per 60 s. */
  quota?: Quota;
  /** Quotas by operation id. */
  operations?: Readonly<Record<string, Quota>>;
  /** A quota for one organization and endpoint; undefined falls back to `operations`, then `quota`. */
  quotaFor?(scope: RateLimitScope): Quota | undefined;
  /** Default: process memory. */
  store?: RateLimitStore;
  /** Prefix of the counters' keys, to share one Redis between services. Default `sp:rate`. */
  keyPrefix?: string;
}

const DEFAULT_QUOTA: Quota = { points: 1000, durationSeconds: 60 };

type Peek = (scope: RateLimitScope) => Promise<RateLimitState>;

/**
 * The counters of the API served on a Node server, for what is answered before any route or
 * plugin context (a head Node refuses, a URL Fastify cannot decode): kept by server, since
 * the API plugin's own context is not the instance those answers come from.
 */
const peeks = new WeakMap<object, Peek>();

/** Reads a rate-limit counter of the API on `server` without spending a point; undefined when no API is registered on it. */
export function peekOfServer(server: object): Peek | undefined {
  return peeks.get(server);
}

async function rateLimitPlugin(fastify: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const { quota = DEFAULT_QUOTA, operations = {}, quotaFor, store = memoryRateLimitStore(), keyPrefix = "sp:rate" } = options;
  // One limiter per distinct quota, looked up by the quota object first (no string per request).
  const byQuota = new Map<Quota, RateLimiterAbstract>();
  const byValue = new Map<string, RateLimiterAbstract>();
  const limiterFor = (chosen: Quota) => {
    let limiter = byQuota.get(chosen);
    if (!limiter) {
      const id = `${chosen.points}/${chosen.durationSeconds}`;
      limiter = byValue.get(id) ?? store.limiter(chosen, `${keyPrefix}:${id}`);
      byValue.set(id, limiter);
      if (byQuota.size < 10_000) byQuota.set(chosen, limiter);
    }
    return limiter;
  };
  const scopeOf = (request: FastifyRequest): RateLimitScope => {
    const operationId = request.routeOptions.config.operation?.operationId ?? null;
    const url = request.routeOptions.url;
    return {
      organizationId: request.principal?.organizationId ?? null,
      operationId,
      clientAddress: request.ip,
      // A route without an operation counts in a bucket of its own, not in one shared by every such route.
      ...(operationId === null && url !== undefined && { route: `${request.method} ${url}` }),
    };
  };
  const quotaOf = (scope: RateLimitScope) =>
    quotaFor?.(scope) ?? (scope.operationId === null ? undefined : operations[scope.operationId]) ?? quota;
  const report = (reply: FastifyReply, state: RateLimitState) => {
    reply.header(headerNames.rate_limit_limit, state.limit);
    reply.header(headerNames.rate_limit_remaining, state.remaining);
    reply.header(headerNames.rate_limit_reset, state.resetAt);
  };

  // After authentication's onRequest hook, so the organization is known.
  fastify.addHook("onRequest", (request, reply, done) => {
    const scope = scopeOf(request);
    const chosen = quotaOf(scope);
    limiterFor(chosen)
      .consume(rateLimitKey(scope))
      .then(
        (result) => {
          report(reply, rateLimitStateOf(chosen, result, Date.now()));
          done();
        },
        (rejection: unknown) => {
          if (!(rejection instanceof RateLimiterRes)) return done(unavailable(request, reply, chosen, rejection));
          report(reply, rateLimitStateOf(chosen, rejection, Date.now()));
          done(
            new ApiErrorResponse("rate_limited", {
              message: "The rate limit was exceeded; retry after the time in Retry-After.",
              headers: { [headerNames.retry_after]: String(retryAfterSeconds(rejection.msBeforeNext)) },
            }),
          );
        },
      );
  });

  // The state of a counter, read without spending a point.
  const peek: Peek = async (scope) => {
    const chosen = quotaOf(scope);
    const reading = await limiterFor(chosen)
      .get(rateLimitKey(scope))
      .catch(() => null);
    return rateLimitStateOf(chosen, reading, Date.now());
  };
  peeks.set(fastify.server, peek);

  // A request refused before it was counted (a failing hook before this one) still reports
  // the state of its counter. Only errors can come that early, so this is an onError hook:
  // a request that was counted has its headers already, and pays nothing here.
  fastify.addHook("onError", async (request, reply) => {
    if (!reply.hasHeader(headerNames.rate_limit_limit)) report(reply, await peek(scopeOf(request)));
  });
}

/** The counters cannot be read (Redis down): shed the request rather than serve it uncounted. */
function unavailable(request: FastifyRequest, reply: FastifyReply, chosen: Quota, cause: unknown): ApiErrorResponse {
  request.log.error({ err: cause }, "the rate-limit store could not be reached");
  reply.headers(rateLimitHeaders({ limit: chosen.points, remaining: 0, resetAt: Math.ceil(Date.now() / 1000) + 1 }));
  return serviceUnavailable("The service is temporarily unavailable; retry after the time in Retry-After.", 1, cause);
}

export const rateLimit = fastifyPlugin(rateLimitPlugin, { name: "signing-platform-rate-limit", fastify: "5.x" });
