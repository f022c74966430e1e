// src/schema.ts of the SDK: openapi-typescript's `paths`, `components` and `operations`.
// Open shapes written `unevaluatedProperties: {}` (which openapi-typescript ignores) are
// given `additionalProperties: true` first, so their types keep an index signature instead
// of forbidding the fields the document leaves open.
import openapiTS, { astToString } from "openapi-typescript";
import { GeneratorInputError } from "../generator-input-error.js";
import type { OpenApiDocument } from "../load-document.js";

function markOpenShapes(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(markOpenShapes);
  if (!node || typeof node !== "object") return;
  const schema = node as Record<string, unknown>;
  const open = schema.unevaluatedProperties;
  if (open === true || (open && typeof open === "object" && Object.keys(open).length === 0)) schema.additionalProperties ??= true;
  Object.values(schema).forEach(markOpenShapes);
}

export async function schemaModule(document: OpenApiDocument): Promise<string> {
  const copy = structuredClone(document);
  markOpenShapes(copy);
  try {
    return astToString(await openapiTS(copy as never, { silent: true }));
  } catch (error) {
    // openapi-typescript names the place in its message; one line of it is enough.
    throw new GeneratorInputError(
      `openapi-typescript cannot type the document: ${String((error as Error).message ?? error).split("\n")[0]}`,
    );
  }
}
