// Requests Node's HTTP parser refuses before Fastify sees them: a head over the size limit, a
// header value with a bare CR or LF (a header-injection attempt), an invalid method… and
// CONNECT, which no operation has. They still get the error body, a Request-Id and the
// rate-limit headers of their address (Errors › Headers on every response), then the
// connection is closed.
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { headerNames } from "@signing-platform/types";
import { drainThenDestroy } from "../connection/linger.js";
import { rateLimitHeaders, type RateLimitState } from "../rate-limit/quota.js";
import { ApiError } from "./api-error.js";
import { errorBodyOf } from "./error-body.js";

const unparsable = () => new ApiError("bad_request", { message: "The request could not be parsed as HTTP." });

/** The raw HTTP/1.1 response carrying `error` for a request no route can take. */
export function clientErrorResponse(requestId: string, rateLimit: RateLimitState | null, error: ApiError = unparsable()): string {
  const body = JSON.stringify(errorBodyOf(error, requestId));
  const headers: Record<string, string> = {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    Connection: "close",
    [headerNames.request_id]: requestId,
    ...(rateLimit && rateLimitHeaders(rateLimit)),
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ""}\r\n${head.join("\r\n")}\r\n\r\n${body}`;
}

/**
 * What the parser's error means for the client. A head not complete in time is 408. A head
 * over the limit whose request line is longer than the longest URI the server takes is 414,
 * whatever its size.
 */
export function errorOfParserFailure(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, maxUriLength: number): ApiError {
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT")
    return new ApiError("request_timeout", { message: "The request head was not received in time." });
  if (error.code === "HPE_HEADER_OVERFLOW") {
    const packet = error.rawPacket;
    const lineEnd = packet?.indexOf(0x0a) ?? -1;
    const requestLine = packet === undefined ? 0 : lineEnd < 0 ? packet.length : lineEnd;
    if (requestLine > maxUriLength) return new ApiError("uri_too_long", { message: "The request URI is too long." });
    return new ApiError("bad_request", { message: "The request head is too large." });
  }
  return unparsable();
}

type Peek = (address: string) => Promise<RateLimitState | null>;

/**
 * Writes `error` on a socket no request object owns, then closes it. What the client is still
 * sending is read and dropped for a moment first: closing a socket with unread data resets
 * the connection, and a client still writing would lose the answer with it.
 */
export function refuseOnSocket(
  newRequestId: () => string,
  peek: Peek,
): (socket: Duplex & { remoteAddress?: string }, error: ApiError) => void {
  // The parser reports again as more of a refused head arrives: the first answer stands.
  const refused = new WeakSet<Duplex>();
  return (socket, error) => {
    if (refused.has(socket)) return;
    refused.add(socket);
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    drainThenDestroy(socket);
    const requestId = newRequestId();
    peek(socket.remoteAddress ?? "")
      .catch(() => null)
      .then((state) => {
        if (socket.writable) socket.end(clientErrorResponse(requestId, state, error));
        else socket.destroy();
      });
  };
}

/** Fastify's `clientErrorHandler`: answers when the socket can still take an answer. */
export function clientErrorHandler(
  newRequestId: () => string,
  peek: Peek,
  maxUriLength: number,
): (error: NodeJS.ErrnoException, socket: Duplex) => void {
  const refuse = refuseOnSocket(newRequestId, peek);
  return (error, socket) => {
    if (error.code === "ECONNRESET") {
      socket.destroy();
      return;
    }
    refuse(socket, errorOfParserFailure(error, maxUriLength));
  };
}
