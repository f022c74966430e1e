// Server-sent events as the WHATWG HTML standard parses them (§9.2.6, "Interpreting an event
// stream"): lines end with CRLF, LF or CR, even split across chunks; a line starting with a
// colon is a comment; `data` lines join with LF; `id` sets the last event id (not when it
// holds NUL) and `retry` the reconnection time (digits only); a blank line dispatches the
// event, unless it has no data. Written here rather than taken from npm (eventsource-parser)
// because every generated SDK carries this runtime, and each dependency of it becomes a
// dependency of every SDK; the Python runtime parses the same way in the same few lines.

/** One event of a `text/event-stream` body, as the standard dispatches it. */
export interface ServerSentEvent {
  /** The event type: the `event` field, else `message`. */
  event: string;
  /** The `data` lines, joined with LF. */
  data: string;
  /** The last event id when the event was dispatched; empty when none was given. */
  id: string;
}

/** Parses a `text/event-stream` body fed in chunks of any size. */
export class SseParser {
  /** The last event id seen, which a reconnection sends as `Last-Event-ID`. */
  lastEventId = "";
  /** The last `retry` field's value in milliseconds, if any. */
  reconnectionTime: number | undefined;
  #line = "";
  #data = "";
  #dataSeen = false;
  #eventType = "";
  #lastEventIdBuffer = "";
  #afterCr = false;
  #started = false;

  /** Whether part of an event (a line or a field) arrived that no blank line ended yet. */
  get midEvent(): boolean {
    return this.#line !== "" || this.#dataSeen || this.#eventType !== "";
  }

  /** Forgets a partial event, for a new connection; the last event id and reconnection time stay. */
  restart(): void {
    this.#line = "";
    this.#data = "";
    this.#dataSeen = false;
    this.#eventType = "";
    this.#lastEventIdBuffer = this.lastEventId;
    this.#afterCr = false;
    this.#started = false;
  }

  /** Reads a chunk of decoded text; returns the events it completed. */
  feed(chunk: string): ServerSentEvent[] {
    let text = chunk;
    if (!this.#started && text.length > 0) {
      this.#started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const events: ServerSentEvent[] = [];
    let start = 0;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code !== 10 && code !== 13) continue;
      const skipped = code === 10 && this.#afterCr && index === start && this.#line === "";
      this.#afterCr = code === 13;
      if (skipped) {
        start = index + 1;
        continue;
      }
      const event = this.#lineEnded(this.#line + text.slice(start, index));
      this.#line = "";
      if (event) events.push(event);
      start = index + 1;
    }
    if (start < text.length) {
      this.#line += text.slice(start);
      this.#afterCr = false;
    }
    return events;
  }

  #lineEnded(line: string): ServerSentEvent | undefined {
    if (line === "") return this.#dispatch();
    if (line.charCodeAt(0) === 58 /* ":" */) return undefined;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    switch (field) {
      case "event":
        this.#eventType = value;
        break;
      case "data":
        this.#data += `${value}\n`;
        this.#dataSeen = true;
        break;
      case "id":
        if (!value.includes("\0")) this.#lastEventIdBuffer = value;
        break;
      case "retry":
        if (/^[0-9]+$/.test(value)) this.reconnectionTime = Number(value);
        break;
    }
    return undefined;
  }

  #dispatch(): ServerSentEvent | undefined {
    this.lastEventId = this.#lastEventIdBuffer;
    const event = { event: this.#eventType || "message", data: this.#data.slice(0, -1), id: this.lastEventId };
    const hadData = this.#dataSeen;
    this.#data = "";
    this.#dataSeen = false;
    this.#eventType = "";
    return hadData ? event : undefined;
  }
}
