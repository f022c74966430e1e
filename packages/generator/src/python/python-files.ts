// The Python SDK's types for what is sent as bytes: a schema of `format: binary` (a file of a
// multipart body, or a whole body of bytes) is the runtime's FileInput (_wire.py): bytes, a
// pathlib.Path or a binary file object.
import { resolveRef } from "@signing-platform/contract/openapi";
import type { OpenApiDocument } from "../load-document.js";
import type { SdkOperation } from "../sdk-model.js";
import { union } from "./python-types.js";

type Node = Record<string, any>;

const isFile = (schema: Node | undefined): boolean =>
  !!schema && schema.format === "binary" && (schema.type === "string" || (Array.isArray(schema.type) && schema.type.includes("string")));

/**
 * `FileInput` (or a list of them) for a binary schema, or a union where every alternative is
 * one (OpenAI's `files`: a list of files or one zip), else undefined; `prefix` qualifies it
 * outside models.py.
 */
export function fileType(document: OpenApiDocument, schema: Node | undefined, prefix = ""): string | undefined {
  const resolved = schema && typeof schema === "object" ? resolveRef(document, schema, "schema") : undefined;
  if (isFile(resolved)) return "FileInput";
  const items = resolved?.items ? resolveRef(document, resolved.items, "schema") : undefined;
  if (isFile(items)) return `${prefix}list[FileInput]`;
  const alternatives = (resolved?.oneOf ?? resolved?.anyOf) as Node[] | undefined;
  if (!Array.isArray(alternatives) || alternatives.length === 0) return undefined;
  const types = alternatives.map((alternative) => fileType(document, alternative, prefix));
  return types.every((type) => type !== undefined) ? union(types) : undefined;
}

/** The header and cookie parameters a method takes as keywords: not those the runtime sets itself. */
export function headerAndCookieParameters(operation: SdkOperation): Node[] {
  const idempotency = (operation.extensions.idempotency?.header ?? "idempotency-key").toLowerCase();
  const owned = new Set(["accept", "content-type", "authorization", idempotency]);
  return operation.parameters.filter(
    (parameter) => parameter.in === "cookie" || (parameter.in === "header" && !owned.has(String(parameter.name).toLowerCase())),
  );
}
