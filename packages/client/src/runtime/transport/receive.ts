// One attempt on the wire: the request sent through the client's fetch (or the mutual TLS
// fetch of the operation's credentials), with the query's API keys, and its whole body read
// (but a streamed success's, which its EventStream reads as the events arrive).
// A network error is a value here, for the retry decision to weigh; only the call's own signal
// (cancelled, or past its deadline) ends the call from here.
import type { ApiConventions } from "../api-description.js";
import type { Authorization } from "../auth/authorize-request.js";
import type { FetchLike } from "../fetch-like.js";
import type { PreparedRequest } from "../prepare-request.js";
import type { AttemptOutcome } from "../retry/retry-decision.js";
import { readsBytes } from "../serialize/response-body.js";
import { streamFraming } from "../stream/stream-media.js";

const isSuccess = (status: number) => status >= 200 && status <= 299;

/** What one attempt got: a response with its body read (a stream's left to its reader), or a network error. */
export type Received =
  | { kind: "response"; response: Response; text: string; bytes?: ArrayBuffer; streamed?: true }
  | { kind: "network-error"; cause: unknown };

/** The URL of an attempt: the query's API keys after the request's own query. */
export function withQuery(url: string, query: Array<[string, string]>): string {
  if (query.length === 0) return url;
  const added = query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&");
  return `${url}${url.includes("?") ? "&" : "?"}${added}`;
}

/** Sends one attempt and reads its whole answer; rejects only with the signal's reason. */
export async function receive(
  fetch: FetchLike,
  request: PreparedRequest,
  headers: Record<string, string>,
  signal: AbortSignal | undefined,
  authorization: Authorization | undefined,
): Promise<Received> {
  try {
    const init: RequestInit = { method: request.method, headers, body: request.body };
    if (signal) init.signal = signal;
    const url = authorization ? withQuery(request.url, authorization.query) : request.url;
    const response = await (authorization?.fetch ?? fetch)(url, init);
    if (request.stream && isSuccess(response.status) && streamFraming(response.headers.get("content-type")))
      return { kind: "response", response, text: "", streamed: true };
    // The whole body is read here, so a connection reset in the middle of it is a network
    // error of this attempt (and retried), not a half-read result.
    if (readsBytes(request.parseAs)) {
      const bytes = await response.arrayBuffer();
      // An error body is still read as text, for the error it describes.
      const text = isSuccess(response.status) ? "" : new TextDecoder().decode(bytes);
      return { kind: "response", response, text, bytes };
    }
    const text = await response.text();
    return { kind: "response", response, text };
  } catch (cause) {
    if (signal?.aborted) throw signal.reason;
    return { kind: "network-error", cause };
  }
}

/** What the retry decision reads of an attempt: its status and Retry-After, or that no response came. */
export function attemptOutcome(received: Received, conventions: ApiConventions): AttemptOutcome {
  return received.kind === "response"
    ? { kind: "response", status: received.response.status, retryAfter: received.response.headers.get(conventions.headers.retryAfter) }
    : { kind: "network-error" };
}
