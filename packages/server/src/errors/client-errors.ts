// Requests Node's HTTP parser refuses before Fastify sees them: a head over the size
// limit, a header value with a bare CR or LF (a header-injection attempt), an invalid
// method… They still get the error body, a Request-Id and the rate-limit headers of
// their address (Errors › Headers on every response), then the connection is closed.
import type { Socket } from "node:net";
import { headerNames } from "@signing-platform/types";
import { rateLimitHeaders, type RateLimitState } from "../rate-limit/quota.js";
import { ApiError } from "./api-error.js";
import { errorBodyOf } from "./error-body.js";

/** The raw HTTP/1.1 response for a request the parser refused. */
export function clientErrorResponse(requestId: string, rateLimit: RateLimitState | null): string {
  const error = new ApiError("bad_request", { message: "The request could not be parsed as HTTP." });
  const body = JSON.stringify(errorBodyOf(error, requestId));
  const headers: Record<string, string> = {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    Connection: "close",
    [headerNames.request_id]: requestId,
    ...(rateLimit && rateLimitHeaders(rateLimit)),
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 400 Bad Request\r\n${head.join("\r\n")}\r\n\r\n${body}`;
}

/** Fastify's `clientErrorHandler`: answers when the socket can still take an answer. */
export function clientErrorHandler(
  newRequestId: () => string,
  peek: (address: string) => Promise<RateLimitState | null>,
): (error: NodeJS.ErrnoException, socket: Socket) => void {
  return (error, socket) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const requestId = newRequestId();
    peek(socket.remoteAddress ?? "")
      .catch(() => null)
      .then((state) => {
        if (socket.writable) socket.end(clientErrorResponse(requestId, state));
        else socket.destroy();
      });
  };
}
