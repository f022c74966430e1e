// The public API's document as the sandbox's build copies it beside the reference
// (dist/reference/openapi.yaml, the file /docs/openapi.yaml serves), read from the JSON copy the
// build writes of it (scripts/json-documents.mjs): what the sandbox reads of
// an operation or an event type it has no hand-written behaviour for — an operation's tag and
// response schema, an event's data schema, its $refs followed by the contract's reader. Read
// once, when the sandbox starts.
import { readFile } from "node:fs/promises";
import { readOperations } from "@signing-platform/contract";
import { resolveRef } from "@signing-platform/contract/openapi";

/** A JSON object of the document, read by keyword. */
export type JsonObject = Record<string, unknown>;

const DOCUMENT_URL = new URL("../dist/documents/public.json", import.meta.url);

/** The document of the sandbox's build; throws, saying how to make it, when the build did not. */
export async function loadApiDocument(): Promise<JsonObject> {
  let text: string;
  try {
    text = await readFile(DOCUMENT_URL, "utf8");
  } catch {
    throw new Error("The sandbox's copy of the API document (dist/documents/public.json) is missing: run `npm run build`.");
  }
  return JSON.parse(text) as JsonObject;
}

/** One operation of the document, by the facts the sandbox reads of it. */
export interface DocumentedOperation {
  /** The operation's operationId. */
  readonly operationId: string;
  /** Its tags, in the document's order. */
  readonly tags: readonly string[];
  /** The operation object, as the document writes it. */
  readonly operation: JsonObject;
}

/** Every operation under `paths` that has an operationId. */
export function documentedOperations(document: JsonObject): DocumentedOperation[] {
  return readOperations<JsonObject>(document).flatMap(({ operation }) =>
    typeof operation.operationId === "string"
      ? [{ operationId: operation.operationId, tags: Array.isArray(operation.tags) ? operation.tags.map(String) : [], operation }]
      : [],
  );
}

/** The JSON schema of an operation's response of `status`; undefined when it has none. */
export function responseSchema(document: JsonObject, operationId: string, status: string): unknown {
  const entry = documentedOperations(document).find((candidate) => candidate.operationId === operationId);
  const response = resolveRef(document, (entry?.operation.responses as JsonObject | undefined)?.[status]);
  return ((response?.content as JsonObject | undefined)?.["application/json"] as JsonObject | undefined)?.schema;
}

/** The schema of `data` in the events of `type`, from the document's webhook for it; undefined when it has none. */
export function eventDataSchema(document: JsonObject, type: string): unknown {
  const post = ((document.webhooks as JsonObject | undefined)?.[type] as JsonObject | undefined)?.post as JsonObject | undefined;
  const body = resolveRef(document, post?.requestBody);
  const event = resolveRef(document, ((body?.content as JsonObject | undefined)?.["application/json"] as JsonObject | undefined)?.schema);
  return (event?.properties as JsonObject | undefined)?.data;
}
