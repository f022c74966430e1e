// Requests Node's HTTP parser refuses before Fastify sees them: a head over the size limit (414
// when the request target took it over, 431 when header fields did), a header value with a
// bare CR or LF (a header-injection attempt), an invalid method… and CONNECT, which no
// operation has. They still get the error body, a Request-Id and the rate-limit headers of
// their address (Errors › Headers on every response), then the connection is closed.
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { headerNames } from "@signing-platform/types";
import { drainThenDestroy, LINGER_IDLE_MS } from "../connection/linger.js";
import { rateLimitHeaders, type RateLimitState } from "../rate-limit/quota.js";
import { ApiErrorResponse } from "./api-error-response.js";
import { errorBodyOf } from "./error-body.js";
import { lineAt, overflowedPartReader, type OverflowedPart } from "./head-overflow.js";

const unparsable = () => new ApiErrorResponse("bad_request", { message: "The request could not be parsed as HTTP." });

/** The raw HTTP/1.1 response carrying `error` for a request no route can take. */
export function clientErrorResponse(requestId: string, rateLimit: RateLimitState | null, error: ApiErrorResponse = unparsable()): string {
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

const uriTooLong = () => new ApiErrorResponse("uri_too_long", { message: "The request URI is too long." });

// 431 is no row of Errors › HTTP statuses: its code is an addition (docs/decisions.md#added-error-codes).
const headerFieldsTooLarge = () =>
  new ApiErrorResponse("request_header_fields_too_large", { message: "The request header fields are too large." });

/**
 * How long the answer to a head over the limit waits for the end of the line the parser
 * stopped in, when that line goes on past the chunk it was reading. Shorter than the lingering
 * close's idle time, so the socket is still open to take the answer.
 */
const OVERFLOWED_LINE_WAIT_MS = LINGER_IDLE_MS / 2;

/**
 * A head over the limit is 414 when the parser stopped in the request line (the target alone
 * is more than the server reads), 431 when it stopped in a header field. When that line's end
 * is still to come, the answer waits for it; a client that ends its side first, or has not
 * ended the line within OVERFLOWED_LINE_WAIT_MS, is answered 431: the head is too large
 * whichever line it was.
 */
function errorOfHeadOverflow(error: ParserError, socket: Duplex): ApiErrorResponse | Promise<ApiErrorResponse> {
  const errorOf = (part: OverflowedPart) => (part === "request_target" ? uriTooLong() : headerFieldsTooLarge());
  const read = overflowedPartReader();
  const packet = error.rawPacket ?? Buffer.alloc(0);
  const part = read(lineAt(packet, error.bytesParsed ?? 0));
  if (part) return errorOf(part);
  return new Promise((resolve) => {
    const settle = (found: OverflowedPart) => {
      clearTimeout(timer);
      socket.off("data", onData).off("end", onEnd).off("close", onEnd);
      resolve(errorOf(found));
    };
    const onData = (chunk: Buffer) => {
      const found = read(chunk);
      if (found) settle(found);
    };
    const onEnd = () => settle("header_fields");
    const timer = setTimeout(onEnd, OVERFLOWED_LINE_WAIT_MS).unref();
    socket.on("data", onData).on("end", onEnd).on("close", onEnd);
  });
}

type ParserError = NodeJS.ErrnoException & { rawPacket?: Buffer; bytesParsed?: number };

/** What the parser's error means for the client. A head not complete in time is 408; one over the limit is 414 or 431. */
export function errorOfParserFailure(error: ParserError, socket: Duplex): ApiErrorResponse | Promise<ApiErrorResponse> {
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT")
    return new ApiErrorResponse("request_timeout", { message: "The request head was not received in time." });
  if (error.code === "HPE_HEADER_OVERFLOW") return errorOfHeadOverflow(error, socket);
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
): (socket: Duplex & { remoteAddress?: string }, error: ApiErrorResponse | (() => ApiErrorResponse | Promise<ApiErrorResponse>)) => void {
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
    // Node ends a connection as soon as the client ends its side, and the answer is not written
    // yet: the rate-limit state is still being read, the error may wait for more of the head.
    // The socket is this answer's now, so Node's end waits for it.
    const end = socket.end.bind(socket);
    socket.end = (() => socket) as typeof socket.end;
    const requestId = newRequestId();
    // A function, called once, when the error is known only from what the client still sends.
    const refusal = typeof error === "function" ? error() : error;
    Promise.all([peek(socket.remoteAddress ?? "").catch(() => null), refusal]).then(([state, decided]) => {
      if (socket.writable) end(clientErrorResponse(requestId, state, decided));
      else socket.destroy();
    });
  };
}

/** Fastify's `clientErrorHandler`: answers when the socket can still take an answer. */
export function clientErrorHandler(newRequestId: () => string, peek: Peek): (error: NodeJS.ErrnoException, socket: Duplex) => void {
  const refuse = refuseOnSocket(newRequestId, peek);
  return (error, socket) => {
    if (error.code === "ECONNRESET") {
      socket.destroy();
      return;
    }
    refuse(socket, () => errorOfParserFailure(error, socket));
  };
}
