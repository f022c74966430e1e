// src/schema.ts of the SDK: openapi-typescript's `paths`, `components` and `operations`.
// Open shapes written `unevaluatedProperties: {}` (which openapi-typescript ignores) are
// given `additionalProperties: true` first, so their types keep an index signature instead
// of forbidding the fields the document leaves open.
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { withMemberDiscriminatorValues } from "../discriminator-mappings.js";
import { dropOutsideRefsInExamples } from "../example-refs.js";
import { GeneratorInputError } from "../generator-input-error.js";
import type { OpenApiDocument } from "../load-document.js";
import { requireDefaultsOutsideRequests } from "../response-defaults.js";
import { withItemSchemasAsEvents } from "../stream-model.js";

function markOpenShapes(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(markOpenShapes);
  if (!node || typeof node !== "object") return;
  const schema = node as Record<string, unknown>;
  const open = schema.unevaluatedProperties;
  if (open === true || (open && typeof open === "object" && Object.keys(open).length === 0)) schema.additionalProperties ??= true;
  Object.values(schema).forEach(markOpenShapes);
}

/**
 * openapi-typescript (7.x) keys `operations` by the raw operationId but refers to it by a
 * percent-decoded one, so an id with `%1A` in it gives a module that does not compile. The
 * SDK names its methods from the document, not from these keys: here a `%` becomes `_pct_`.
 */
function withoutPercentInOperationIds(document: Record<string, any>): void {
  for (const item of Object.values<Record<string, any>>(document.paths ?? {})) {
    for (const operation of Object.values<any>(item ?? {})) {
      if (operation && typeof operation === "object" && typeof operation.operationId === "string") {
        operation.operationId = operation.operationId.replaceAll("%", "_pct_");
      }
    }
  }
}

/** `format: binary` is a file the SDK sends as bytes: the runtime's FileBody types. */
const FILE_TYPE = ts.factory.createUnionTypeNode(
  ["Blob", "Uint8Array", "ArrayBuffer"]
    .map((name) => ts.factory.createTypeReferenceNode(name))
    .concat(ts.factory.createTypeReferenceNode("ReadableStream", [ts.factory.createTypeReferenceNode("Uint8Array")])),
);
const fileType = (schema: { format?: unknown; type?: unknown }) =>
  schema.format === "binary" && (schema.type === "string" || (Array.isArray(schema.type) && schema.type.includes("string")))
    ? FILE_TYPE
    : undefined;

export async function schemaModule(document: OpenApiDocument): Promise<string> {
  const copy = structuredClone(document);
  markOpenShapes(copy);
  dropOutsideRefsInExamples(copy);
  withoutPercentInOperationIds(copy as Record<string, any>);
  withMemberDiscriminatorValues(copy as Record<string, unknown>);
  requireDefaultsOutsideRequests(copy as Record<string, unknown>);
  withItemSchemasAsEvents(copy);
  try {
    // emptyObjectsUnknown: `{ type: object }` with no properties allows any property (JSON
    // Schema's default), as DigitalOcean's `allOf: [{ $ref }, { type: object, required }]` needs.
    // defaultNonNullable off: which defaults a type keeps is response-defaults.ts's to say.
    return astToString(
      await openapiTS(copy as never, { silent: true, transform: fileType, emptyObjectsUnknown: true, defaultNonNullable: false }),
    );
  } catch (error) {
    // openapi-typescript names the place in its message; one line of it is enough.
    throw new GeneratorInputError(
      `openapi-typescript cannot type the document: ${String((error as Error).message ?? error).split("\n")[0]}`,
    );
  }
}
