// How one operation puts its arguments on the wire, as its OpenAPI document says: each
// parameter's style and explode, the request body's media type and per-property encoding,
// and how the success body is read. A generated SDK passes it with every call; the Python
// SDK's runtime (_wire.py) follows the same rules byte for byte.

/** The `style` values of OpenAPI 3 parameters and encodings. */
export type ParameterStyle = "form" | "spaceDelimited" | "pipeDelimited" | "deepObject" | "simple" | "label" | "matrix";

/** How one parameter is written: its OpenAPI `style` and `explode`, as the document declares them. */
export interface ParameterFormat {
  /** The OpenAPI style (`form`, `deepObject`, `simple`, …). */
  style: ParameterStyle;
  /** Whether a list or object is spelled out one pair per value (`tags=a&tags=b`) or joined (`tags=a,b`). */
  explode: boolean;
  /** The parameter is declared with `content: application/json`: its value is sent as JSON text (a string as it is). */
  json?: boolean;
  /** `allowReserved`: a query value keeps RFC 3986's reserved characters as they are (serialize/reserved.ts). */
  allowReserved?: boolean;
}

/** One property of a form or multipart body: the document's Encoding Object. */
export interface PropertyEncoding {
  /** The style of a form property; without one, Stripe's brackets for nested values. */
  style?: ParameterStyle;
  /** Whether the property's lists and objects are spelled out one pair per value. */
  explode?: boolean;
  /** The media type of a multipart part (a file's, where its Blob names none). */
  contentType?: string;
}

/** How a success body is read; the names are openapi-fetch's `parseAs`. */
export type ParseAs = "json" | "text" | "blob" | "arrayBuffer";

/** What the document says of the events of an operation whose success response may be a stream (stream/). */
export interface StreamFormat {
  /**
   * The property of each event's data that names its type, and the types the document
   * describes: an event of another type is passed through untyped. Without it, an event is
   * typed unless its SSE `event` field names a type other than `message` and `events`.
   */
  discriminator?: { property: string; values: readonly string[] };
  /**
   * The SSE event types besides `message` whose data the document describes (an OpenAPI 3.2
   * `itemSchema` naming its `event` values): an event of one of them is typed too.
   */
  events?: readonly string[];
}

/** How one operation puts its arguments on the wire, as its document says; a generated SDK passes it with every call. */
export interface WireFormat {
  /** Parameters by location and name; one not listed has its location's default style. */
  parameters?: {
    query?: Record<string, ParameterFormat>;
    path?: Record<string, ParameterFormat>;
    header?: Record<string, ParameterFormat>;
    cookie?: Record<string, ParameterFormat>;
  };
  /** The request body's media type (JSON when absent) and its properties' encodings. */
  body?: { mediaType: string; encoding?: Record<string, PropertyEncoding> };
  /** The Accept header, when the success body is not JSON. */
  accept?: string;
  /** How the success body is read, when it is not JSON. */
  parseAs?: ParseAs;
  /** Present when the success response may be a stream of events: a body of a stream's media type is then iterated, not read whole. */
  stream?: StreamFormat;
}

/** OpenAPI's default style of each location (explode is true for form only). */
export const DEFAULT_STYLE = { query: "form", path: "simple", header: "simple", cookie: "form" } as const;

export const formatOf = (
  formats: Record<string, ParameterFormat> | undefined,
  name: string,
  location: keyof typeof DEFAULT_STYLE,
): ParameterFormat => formats?.[name] ?? { style: DEFAULT_STYLE[location], explode: DEFAULT_STYLE[location] === "form" };
