// The API plugin's `rejectRequest` option: a refusal of the embedder's own (a sandbox's
// simulated error, a maintenance switch) at one defined point of the order of checks. It
// runs first among the operation's preValidation hooks: after authentication and the
// capability check, before request validation and before the Idempotency-Key is claimed. So a
// refused request needs no valid parameters, body or key, and the refusal is never stored for
// replay. The refusal goes through the error handler like any other error: the error body,
// Request-Id, the rate-limit headers of the request already counted.
import type { FastifyInstance, FastifyRequest } from "fastify";
import fastifyPlugin from "fastify-plugin";
import type { ApiErrorResponse } from "../errors/api-error-response.js";
import { whenSettled, type MaybePromise } from "../maybe-async.js";
import type { OperationDescriptor } from "../router/operation-descriptor.js";
import { onOperationRoute } from "../router/route-hooks.js";

/**
 * The API plugin's `rejectRequest` option: the error to refuse an operation's request with, or
 * `undefined` (or `null`) to go on; synchronous or async. What it throws is answered as any
 * thrown error is (500 `internal_error` unless it is an {@link ApiErrorResponse}).
 */
export type RejectRequest = (request: FastifyRequest, operation: OperationDescriptor) => MaybePromise<ApiErrorResponse | null | undefined>;

export interface RequestRejectionOptions {
  rejectRequest: RejectRequest;
}

const rejected = new WeakSet<FastifyRequest>();

/** Whether the request was answered with the error `rejectRequest` returned. */
export function wasRejected(request: FastifyRequest): boolean {
  return rejected.has(request);
}

async function requestRejectionPlugin(fastify: FastifyInstance, options: RequestRejectionOptions): Promise<void> {
  const { rejectRequest } = options;
  onOperationRoute(fastify, (operation, add) =>
    add("preValidation", (request, _reply, done) =>
      whenSettled(
        () => rejectRequest(request, operation),
        (error) => {
          if (!error) return done();
          // Response checking reads this: the embedder chose the code, which the operation
          // need not declare (most of a sandbox's simulated codes are declared by none).
          rejected.add(request);
          done(error);
        },
        (error) => done(error as Error),
      ),
    ),
  );
}

export const requestRejection = fastifyPlugin(requestRejectionPlugin, { name: "signing-platform-request-rejection", fastify: "5.x" });
