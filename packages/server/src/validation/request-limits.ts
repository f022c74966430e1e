// Limits on what a request may be before any work is done for it. The source sets no
// maximum body size or URI length (Limits: "not shown"), so both are options; what is over
// them is 413 payload_too_large or 414 uri_too_long, and a body that is not JSON is 415
// unsupported_media_type (Errors › HTTP statuses). The body limit itself is Fastify's
// route `bodyLimit` (the API plugin sets it), which stops reading at the limit.
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { ApiErrorResponse } from "../errors/api-error-response.js";
import { strictJsonBodies } from "./json-body.js";

export interface RequestLimitOptions {
  /** Longest request target (path and query), in characters. Default 4096. */
  maxUriLength?: number;
}

export const DEFAULT_MAX_URI_LENGTH = 4096;

async function requestLimitsPlugin(fastify: FastifyInstance, options: RequestLimitOptions): Promise<void> {
  const { maxUriLength = DEFAULT_MAX_URI_LENGTH } = options;
  // JSON only: Fastify's text/plain parser would hand handlers a string body.
  fastify.removeContentTypeParser("text/plain");
  strictJsonBodies(fastify);
  fastify.addHook("onRequest", (request, _reply, done) => {
    if ((request.raw.url ?? "").length > maxUriLength) {
      return done(new ApiErrorResponse("uri_too_long", { message: `The request URI is longer than ${maxUriLength} characters.` }));
    }
    done(transportError(request.headers, request.raw) ?? undefined);
  });
}

/**
 * What the transport says that the server does not honour: an HTTP/1.1 request without Host
 * (RFC 9112 requires one), or a body in a content or transfer coding it does not decode
 * (gzip, deflate, br, …): 415 rather than reading compressed bytes as JSON. Host came with
 * HTTP/1.1, so a request of an earlier version (HTTP/1.0) need not carry it and is served.
 */
function transportError(
  headers: IncomingHttpHeaders,
  version: Pick<IncomingMessage, "httpVersionMajor" | "httpVersionMinor">,
): ApiErrorResponse | null {
  const hostRequired = version.httpVersionMajor > 1 || (version.httpVersionMajor === 1 && version.httpVersionMinor >= 1);
  if (hostRequired && (headers.host === undefined || headers.host === "")) {
    return new ApiErrorResponse("bad_request", {
      message: "The request has no Host header.",
      details: [{ field: "Host", code: "required", message: "HTTP/1.1 requests carry a Host header." }],
    });
  }
  const contentCoding = (headers["content-encoding"] ?? "").trim().toLowerCase();
  if (contentCoding !== "" && contentCoding !== "identity") {
    return new ApiErrorResponse("unsupported_media_type", {
      message: `Content-Encoding ${contentCoding} is not supported: send the body uncompressed.`,
    });
  }
  const transferCodings = (headers["transfer-encoding"] ?? "")
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter(Boolean);
  if (transferCodings.some((coding) => coding !== "chunked")) {
    return new ApiErrorResponse("unsupported_media_type", {
      message: `Transfer-Encoding ${transferCodings.join(", ")} is not supported: only chunked.`,
    });
  }
  return null;
}

export const requestLimits = fastifyPlugin(requestLimitsPlugin, { name: "signing-platform-request-limits", fastify: "5.x" });
