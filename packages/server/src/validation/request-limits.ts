// Limits on what a request may be before any work is done for it. The source sets no
// maximum body size or URI length (Limits: "not shown"), so both are options; what is over
// them is 413 payload_too_large or 414 uri_too_long, and a body that is not JSON is 415
// unsupported_media_type (Errors › HTTP statuses). The body limit itself is Fastify's
// `bodyLimit` (createApp sets it), which stops reading at the limit.
import type { FastifyInstance } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { ApiError } from "../errors/api-error.js";

export interface RequestLimitOptions {
  /** Longest request target (path and query), in characters. Default 4096. */
  maxUriLength?: number;
}

export const DEFAULT_MAX_URI_LENGTH = 4096;

async function requestLimitsPlugin(fastify: FastifyInstance, options: RequestLimitOptions): Promise<void> {
  const { maxUriLength = DEFAULT_MAX_URI_LENGTH } = options;
  // JSON only: Fastify's text/plain parser would hand handlers a string body.
  fastify.removeContentTypeParser("text/plain");
  fastify.addHook("onRequest", (request, _reply, done) => {
    if ((request.raw.url ?? "").length <= maxUriLength) return done();
    done(new ApiError("uri_too_long", { message: `The request URI is longer than ${maxUriLength} characters.` }));
  });
}

export const requestLimits = fastifyPlugin(requestLimitsPlugin, { name: "signing-platform-request-limits", fastify: "5.x" });
