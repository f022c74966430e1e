// The headers an operation's reply set (Location, …), kept on its request: with the status
// and the body they are the outcome an idempotent replay repeats (docs/decisions.md#idempotency-keys). Everything
// else on a response (Request-Id, rate limit, ETag, and whatever hooks add) is set again by
// the hooks when the replay is sent, so it is not part of the outcome.
import type { FastifyInstance, FastifyRequest } from "fastify";

const operationHeaders = Symbol("signing-platform.operation-headers");
type Holder = { [operationHeaders]: Readonly<Record<string, string>> | null };

/** Gives every request of this context the slot (a decorator keeps Fastify's request shape fixed); the router calls it. */
export function decorateOperationHeaders(fastify: FastifyInstance): void {
  if (!fastify.hasRequestDecorator(operationHeaders)) fastify.decorateRequest(operationHeaders, null);
}

export function recordOperationHeaders(request: FastifyRequest, headers: Readonly<Record<string, string>>): void {
  (request as unknown as Holder)[operationHeaders] = headers;
}

/** The headers the operation's reply set, or null when it set none (or no router recorded them). */
export function operationHeadersOf(request: FastifyRequest): Readonly<Record<string, string>> | null {
  return (request as unknown as Holder)[operationHeaders] ?? null;
}
