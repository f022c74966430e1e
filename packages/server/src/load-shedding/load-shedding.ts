// Shedding load (Errors › HTTP statuses, 503: "service temporarily unavailable", retry
// after Retry-After): past a number of requests in progress, or while a caller-supplied
// probe says the process is overloaded, a new request is answered 503
// service_unavailable at once instead of queueing behind the others.
import type { FastifyInstance } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { serviceUnavailable } from "../errors/api-error-response.js";

/** When the server sheds a request with 503 service_unavailable and Retry-After instead of serving it. */
export interface LoadSheddingOptions {
  /** Requests served at once; the next is shed. Default: no limit. */
  maxConcurrentRequests?: number;
  /** Extra probe, such as event-loop delay over a threshold; true sheds the request. */
  isOverloaded?(): boolean;
  /** Retry-After of a shed request, seconds. Default 1. */
  retryAfterSeconds?: number;
}

async function loadSheddingPlugin(fastify: FastifyInstance, options: LoadSheddingOptions): Promise<void> {
  const { maxConcurrentRequests = Number.POSITIVE_INFINITY, isOverloaded, retryAfterSeconds = 1 } = options;
  // Without a limit or a probe there is nothing to check: no hook, no cost per request.
  if (maxConcurrentRequests === Number.POSITIVE_INFINITY && !isOverloaded) return;
  let inProgress = 0;
  const finished = () => {
    inProgress -= 1;
  };
  fastify.addHook("onRequest", (_request, reply, done) => {
    if (inProgress >= maxConcurrentRequests || isOverloaded?.()) {
      return done(serviceUnavailable("The service is temporarily overloaded; retry after the time in Retry-After.", retryAfterSeconds));
    }
    inProgress += 1;
    // `close` fires once for every response, finished or aborted.
    reply.raw.once("close", finished);
    done();
  });
}

export const loadShedding = fastifyPlugin(loadSheddingPlugin, { name: "signing-platform-load-shedding", fastify: "5.x" });
