// The records of a JSON Lines body (`application/x-ndjson`, `application/jsonl`: one JSON
// value a line, LF or CRLF) or of a JSON text sequence (`application/json-seq`, RFC 7464:
// each value after an RS), fed in chunks of any size. Blank records are skipped.
import type { StreamFraming } from "./stream-media.js";

const RECORD_SEPARATOR = "\u001e";

/** Splits a JSON Lines or JSON text sequence body into the text of its records. */
export class JsonRecordSplitter {
  readonly #separator: string;
  #pending = "";

  constructor(framing: Exclude<StreamFraming, "sse">) {
    this.#separator = framing === "json-seq" ? RECORD_SEPARATOR : "\n";
  }

  /** Whether part of a record arrived that no separator ended yet. */
  get midEvent(): boolean {
    return this.#pending.trim() !== "";
  }

  /** Reads a chunk of decoded text; returns the records it completed, trimmed. */
  feed(chunk: string): string[] {
    const parts = (this.#pending + chunk).split(this.#separator);
    this.#pending = parts.pop() ?? "";
    return parts.map((part) => part.trim()).filter((part) => part !== "");
  }

  /** The last record, when the body ends without a separator after it (as JSON text sequences do). */
  end(): string[] {
    const last = this.#pending.trim();
    this.#pending = "";
    return last === "" ? [] : [last];
  }
}
