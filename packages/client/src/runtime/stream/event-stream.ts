// What a streamed success response gives: its events, one at a time, as they arrive, each
// typed by the document (the JSON of an event's data, or of a JSON Lines record) or, when the
// document does not know it, passed through as an UntypedEvent. OpenAI's `data: [DONE]` ends
// the stream. Leaving a `for await` early, or the call's signal, closes the connection. A body
// that breaks in the middle of an event is resumed where the stream can be (a GET: `Last-Event-ID`
// and the server's `retry`), else a StreamError that says how many events arrived.
import { StreamError } from "../errors/error-families.js";
import type { Sleep } from "../retry/sleep.js";
import type { StreamFormat } from "../serialize/wire-format.js";
import { JsonRecordSplitter } from "./json-records.js";
import { type ServerSentEvent, SseParser } from "./sse-parser.js";
import { streamFraming } from "./stream-media.js";

/** OpenAI's last event's data: the stream is over. */
const DONE_SENTINEL = "[DONE]";
/** The wait before a reconnection when the server sent no `retry` (the standard leaves it to the client). */
export const DEFAULT_RECONNECTION_MS = 3000;

/** An event the document does not describe: an unknown type, or data that is not JSON. Never dropped. */
export class UntypedEvent {
  /** The SSE event type (`message` when none was given, and for a JSON Lines record). */
  readonly event: string;
  /** The event's data: its JSON, or its text when it is not JSON. */
  readonly data: unknown;
  /** The last event id when it arrived, if the server gave one. */
  readonly id: string | undefined;

  constructor(event: string, data: unknown, id?: string) {
    this.event = event;
    this.data = data;
    this.id = id || undefined;
  }
}

/** How a stream is resumed after it breaks: where the operation allows it (a GET). */
export interface Resumption {
  /** Sends the request again with `Last-Event-ID`; undefined when the server answered without a stream (204: stop). */
  reconnect(lastEventId: string): Promise<Response | undefined>;
  /** Waits before each reconnection. */
  sleep: Sleep;
  /** Reconnections in a row, with no event between, before the stream gives up. */
  maxReconnects: number;
}

/** What an EventStream is read with. */
export interface EventStreamOptions {
  /** The document's events: their discriminator, when it names one. */
  format: StreamFormat;
  /** The call's signal: aborting it closes the connection. */
  signal?: AbortSignal | undefined;
  /** How to resume the stream, when it can be. */
  resumption?: Resumption | undefined;
}

const DONE = Symbol("done");

/** The events of a streamed response, typed by the document; iterate it once with `for await`. */
export class EventStream<Event> implements AsyncIterable<Event | UntypedEvent> {
  /** The response the stream began with; its body is read by iterating. */
  readonly response: Response;
  readonly #options: EventStreamOptions;
  #iterated = false;

  constructor(response: Response, options: EventStreamOptions) {
    this.response = response;
    this.#options = options;
  }

  /** The events, as they arrive. A stream is read once. */
  [Symbol.asyncIterator](): AsyncIterator<Event | UntypedEvent> {
    if (this.#iterated) throw new TypeError("An event stream can be iterated only once.");
    this.#iterated = true;
    return this.#events() as AsyncIterator<Event | UntypedEvent>;
  }

  async *#events(): AsyncGenerator<unknown> {
    const { signal, resumption } = this.#options;
    const framing = streamFraming(this.response.headers.get("content-type")) ?? "sse";
    const sse = new SseParser();
    const records = framing === "sse" ? undefined : new JsonRecordSplitter(framing);
    let response: Response | undefined = this.response;
    let received = 0;
    let reconnects = 0;
    for (;;) {
      signal?.throwIfAborted();
      const reader = response.body?.getReader();
      const decoder = new TextDecoder();
      const close = () => void reader?.cancel(signal?.reason).catch(() => {});
      signal?.addEventListener("abort", close, { once: true });
      let broke: unknown;
      try {
        for (;;) {
          let chunk: ReadableStreamReadResult<Uint8Array>;
          try {
            chunk = reader ? await reader.read() : { done: true, value: undefined };
          } catch (cause) {
            signal?.throwIfAborted();
            broke = cause;
            break;
          }
          signal?.throwIfAborted();
          const text = chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
          const pieces = records
            ? records.feed(text).map((record) => this.#record(record))
            : sse.feed(text).map((event) => this.#serverSent(event));
          for (const piece of pieces) {
            if (piece === DONE) return;
            received += 1;
            reconnects = 0;
            yield piece;
          }
          if (chunk.done) break;
        }
      } finally {
        signal?.removeEventListener("abort", close);
        // Leaving early (a `break` in the caller's loop) lands here: the connection is closed.
        close();
      }
      if (broke === undefined && records) {
        // A JSON record needs no separator after it when it is the last and whole.
        const last = records.end()[0];
        if (last === undefined) return;
        if (parseJson(last) !== undefined) {
          received += 1;
          yield this.#record(last);
          return;
        }
      } else if (broke === undefined && !sse.midEvent) return;
      // JSON records carry no event id to resume from: only server-sent events are resumed.
      if (!resumption || records || reconnects >= resumption.maxReconnects) {
        throw new StreamError({
          message: `The stream broke after ${received} event(s), in the middle of an event or of the connection.`,
          eventsReceived: received,
          cause: broke,
        });
      }
      reconnects += 1;
      await resumption.sleep(sse.reconnectionTime ?? DEFAULT_RECONNECTION_MS, signal);
      try {
        response = await resumption.reconnect(sse.lastEventId);
      } catch (cause) {
        signal?.throwIfAborted();
        throw new StreamError({
          message: `The stream broke after ${received} event(s), and could not be resumed.`,
          eventsReceived: received,
          cause,
        });
      }
      if (!response) return;
      sse.restart();
    }
  }

  #typed(event: string, data: unknown, id: string): unknown {
    const { discriminator, events } = this.#options.format;
    const known = discriminator
      ? isObject(data) && discriminator.values.includes(String(data[discriminator.property]))
      : event === "message" || (events?.includes(event) ?? false);
    return known ? data : new UntypedEvent(event, data, id);
  }

  #serverSent({ event, data, id }: ServerSentEvent): unknown {
    if (data === DONE_SENTINEL) return DONE;
    const json = parseJson(data);
    return json ? this.#typed(event, json.value, id) : new UntypedEvent(event, data, id);
  }

  #record(record: string): unknown {
    const json = parseJson(record);
    return json ? this.#typed("message", json.value, "") : new UntypedEvent("message", record);
  }

  /** `"EventStream"`, for `Object.prototype.toString`. */
  get [Symbol.toStringTag](): string {
    return "EventStream";
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}
