// The reference the tests hold the package to: the same generated/json-schema/ files
// compiled at run time by ajv with the package's own options (scripts/ajv-options.mjs),
// independently of the build's standalone code, bundling and dispatch.
import { createSchemaAjv, loadJsonSchemas } from "../../scripts/ajv-options.mjs";

export const schemas = loadJsonSchemas();
export const schemasById: ReadonlyMap<string, Record<string, any>> = new Map(schemas.map((schema) => [schema.$id, schema]));

let ajv: ReturnType<typeof createSchemaAjv> | undefined;

/** Whether the schema `schemaId` accepts `value`, by ajv compiling it at run time. */
export function referenceAccepts(schemaId: string, value: unknown): boolean {
  ajv ??= createSchemaAjv();
  const validate = ajv.getSchema(schemaId);
  if (!validate) throw new Error(`No schema ${schemaId}`);
  return validate(value) as boolean; // no schema is $async: the answer is never a promise
}
