// Where a schema sits, which names its checks (`request-parameter-…`, `response-property-…`),
// and who reads it there, which decides whether a change of it breaks.

/**
 * Who reads the schema: the server reads what clients send (`request`), clients read what the
 * server answers (`response`), a receiver reads what the sender delivers (`webhook`).
 */
export type Reader = "request" | "response" | "webhook";

/** Where a schema sits, which names the check: `request-parameter-…`, `response-property-…`. */
export type SchemaPlace =
  | "request-parameter"
  | "request-body"
  | "request-property"
  | "response-body"
  | "response-property"
  | "webhook-body"
  | "webhook-property";

/** Every place a schema sits, in the order of the columns of the table of checks. */
export const SCHEMA_PLACES: readonly SchemaPlace[] = [
  "request-parameter",
  "request-body",
  "request-property",
  "response-body",
  "response-property",
  "webhook-body",
  "webhook-property",
];

/** Who reads the schema at `place`. */
export const readerOf = (place: SchemaPlace): Reader => place.split("-")[0] as Reader;
