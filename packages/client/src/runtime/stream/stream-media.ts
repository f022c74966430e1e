// The media types of a streamed response, and how each one frames its events: the one list
// of them, read by the transport (which leaves such a body unread) and by the generator
// (which types such an operation's events).

/** How a streamed body frames its events: server-sent events, or one JSON value per record. */
export type StreamFraming = "sse" | "json-lines" | "json-seq";

const FRAMING_BY_MEDIA_TYPE = {
  "text/event-stream": "sse",
  "application/x-ndjson": "json-lines",
  "application/jsonl": "json-lines",
  "application/json-seq": "json-seq",
} as const satisfies Record<string, StreamFraming>;

/** A media type of a streamed body. */
export type StreamMediaType = keyof typeof FRAMING_BY_MEDIA_TYPE;

/** The streamed media types, in the order an Accept header lists them. */
export const STREAM_MEDIA_TYPES: readonly string[] = Object.keys(FRAMING_BY_MEDIA_TYPE);

/** How a body of `mediaType` (parameters allowed, any case) frames its events; undefined when it is not a stream. */
export function streamFraming(mediaType: string | null | undefined): StreamFraming | undefined {
  const essence = mediaType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return Object.hasOwn(FRAMING_BY_MEDIA_TYPE, essence) ? FRAMING_BY_MEDIA_TYPE[essence as StreamMediaType] : undefined;
}
