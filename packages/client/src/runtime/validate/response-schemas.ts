// The JSON Schemas a client checks success bodies against when asked to (`validateResponses`):
// each operation's success bodies by status, and the component schemas they refer to
// (`#/components/schemas/<name>`), in one object so that a `$ref` reads as in the document.
// The generator writes them trimmed to what both SDKs check (its response-schemas.ts), so the
// TypeScript and the Python SDK reject the same bodies.

/** A JSON Schema as the client holds it: a parsed object. */
export type ResponseSchema = Readonly<Record<string, unknown>>;

/** The success bodies' schemas of an API, and the component schemas they refer to. */
export interface ResponseSchemas {
  /** The component schemas the responses' `$ref`s point at, as `#/components/schemas/<name>`. */
  components: { schemas: Readonly<Record<string, ResponseSchema>> };
  /** Path template → lower-case method → status (`200`, `2XX`) → the schema of its JSON body. */
  responses: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, ResponseSchema>>>>>>;
}

/** The status under which an operation's schema is kept for `status`: its own, else its class (`2XX`); undefined for none. */
export function responseStatusKey(schemas: ResponseSchemas, path: string, method: string, status: number): string | undefined {
  const byStatus = schemas.responses[path]?.[method.toLowerCase()];
  if (!byStatus) return undefined;
  const own = String(status);
  if (Object.hasOwn(byStatus, own)) return own;
  const range = `${own[0]}XX`;
  return Object.hasOwn(byStatus, range) ? range : undefined;
}
