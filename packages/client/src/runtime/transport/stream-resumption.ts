// The EventStream of a streamed success, and how it is resumed: a GET, which is safe to send
// again, reconnects through the same transport (credentials, retries, hooks) with the last
// event id in `Last-Event-ID`, after the server's `retry` wait; other methods are not resent,
// since the server may have acted on them (a POST that starts a generation would start another).
import type { CallOutcome } from "../call-types.js";
import type { PreparedRequest } from "../prepare-request.js";
import type { RetryPolicy } from "../retry/retry-policy.js";
import type { Sleep } from "../retry/sleep.js";
import { EventStream } from "../stream/event-stream.js";

/** The request header that tells the server where to resume (WHATWG HTML, server-sent events). */
const LAST_EVENT_ID = "last-event-id";

/** Makes the EventStream of a response to `request`; `send` sends a request through the transport. */
export function streamOpener(
  send: (request: PreparedRequest) => Promise<CallOutcome>,
  sleep: Sleep,
  policy: RetryPolicy,
): (response: Response, request: PreparedRequest) => EventStream<unknown> {
  async function reconnect(request: PreparedRequest, lastEventId: string): Promise<Response | undefined> {
    const headers = { ...request.headers };
    if (lastEventId !== "") headers[LAST_EVENT_ID] = lastEventId;
    const outcome = await send({ ...request, headers });
    if (outcome.error) throw outcome.error;
    // A 204, or any answer that is not a stream, tells the client to stop.
    return outcome.data instanceof EventStream ? outcome.data.response : undefined;
  }

  return (response, request) =>
    new EventStream(response, {
      format: request.stream ?? {},
      signal: request.signal,
      resumption:
        request.method === "GET"
          ? { reconnect: (lastEventId) => reconnect(request, lastEventId), sleep, maxReconnects: policy.maxRetries }
          : undefined,
    });
}
