// The properties of a request body that the caller may leave out because the document gives
// them a default. openapi-typescript makes a property with a default required in every
// component schema (its defaultNonNullable, right for responses: the API fills the value in),
// and optional only in a request body written inline; a body that refers to a component
// schema (OpenAI's `CreateAssistantRequest`, whose `tools` defaults to []) would otherwise
// make `sdk.assistants.create({ model })` fail to compile.
import { resolveRef } from "./document-refs.js";
import type { OpenApiDocument } from "./load-document.js";

type Node = Record<string, unknown>;

const JSON_MEDIA = /json/i;

/** The top-level properties of `schema` (its `allOf` parts merged) that have a default and are not required. */
function defaulted(document: OpenApiDocument, schema: unknown, depth: number, keys: Set<string>, required: Set<string>): void {
  const node = resolveRef(document, schema, "requestBody › schema");
  if (!node || depth > 8) return;
  for (const part of Array.isArray(node.allOf) ? node.allOf : []) defaulted(document, part, depth + 1, keys, required);
  for (const name of Array.isArray(node.required) ? node.required : []) if (typeof name === "string") required.add(name);
  for (const [name, property] of Object.entries((node.properties as Node | undefined) ?? {})) {
    const resolved = resolveRef(document, property, `requestBody › ${name}`);
    if (resolved && "default" in resolved) keys.add(name);
  }
}

/** The keys of a request body's JSON schema that may be left out for their default, sorted. */
export function defaultedRequestKeys(document: OpenApiDocument, requestBody: Node | undefined): string[] {
  const content = (requestBody?.content ?? {}) as Record<string, Node>;
  const media = Object.keys(content).find((type) => JSON_MEDIA.test(type));
  if (media === undefined) return [];
  const keys = new Set<string>();
  const required = new Set<string>();
  defaulted(document, content[media]?.schema, 0, keys, required);
  return [...keys].filter((key) => !required.has(key)).sort();
}
