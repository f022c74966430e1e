// Every error leaves as the error body with the right status (Errors › Error body), its
// `request_id` equal to the Request-Id header. Unexpected exceptions become 500
// internal_error: their cause reported (./internal-errors.ts), answered without it.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { headerNames } from "@signing-platform/types";
import fastifyPlugin from "fastify-plugin";
import { lingerOnClose } from "../connection/linger.js";
import { ApiErrorResponse } from "./api-error-response.js";
import { errorBodyOf } from "./error-body.js";
import { toApiErrorResponse } from "./fastify-errors.js";
import { reportInternalError } from "./internal-errors.js";

const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 503]);
const DEFAULT_RETRY_AFTER_SECONDS = "1";

/** Sends `error` as the error body; used by the error handler and by Fastify's framework-error hook. */
export function sendError(request: FastifyRequest, reply: FastifyReply, thrown: unknown): FastifyReply {
  const error = toApiErrorResponse(thrown, {
    body: request.body,
    querystring: request.query,
    params: request.params,
    headers: request.headers,
  });
  if (error.status >= 500 && error.code === "internal_error") {
    reportInternalError(error.cause ?? error, request);
  }
  error.requestId = request.id;
  // The rest of a body too large is not read: the connection closes after the answer, lingering
  // so that a client still uploading reads the 413 instead of a reset.
  if (error.code === "payload_too_large" && request.raw.socket) lingerOnClose(request.raw.socket);
  // Already set by the Request-Id plugin, except on Fastify's framework errors, which run no hooks.
  reply.header(headerNames.request_id, request.id);
  reply.code(error.status).headers(error.headers);
  // 429 and 503 always tell the client when to come back (Errors › Headers on every response),
  // even when a handler answered them without saying.
  if (RETRY_AFTER_STATUSES.has(error.status) && !reply.hasHeader(headerNames.retry_after)) {
    reply.header(headerNames.retry_after, DEFAULT_RETRY_AFTER_SECONDS);
  }
  return reply.type("application/json; charset=utf-8").send(errorBodyOf(error, request.id));
}

async function errorRenderingPlugin(fastify: FastifyInstance): Promise<void> {
  fastify.setErrorHandler((error: FastifyError, request, reply) => sendError(request, reply, error));
  fastify.setNotFoundHandler((request, reply) =>
    sendError(request, reply, new ApiErrorResponse("not_found", { message: "No operation matches this method and path." })),
  );
}

/** Renders every error thrown on the routes of its context as the error body (Errors › Error body), and an unmatched route as 404 not_found: for routes served beside the API. */
export const errorRendering = fastifyPlugin(errorRenderingPlugin, { name: "signing-platform-error-rendering", fastify: "5.x" });
