// The TypeScript SDK's names, which its view writes and a changelog reads (release/sdk-names.ts):
// `sdk.<resource>.<method>()` for an operation, and a PascalCase type per component schema, none
// of the names an operation's own types take (`CertificatesRetrieveResponse`, a stream's `…Event`).
import type { OpenApiDocument } from "../load-document.js";
import { pascalCase } from "../naming.js";
import type { SdkNames } from "../release/sdk-names.js";
import type { SdkModel, SdkOperation } from "../sdk-model.js";
import { schemaTypeNames } from "../type-names.js";

/** `CertificatesRetrieve`: the prefix of an operation's named types. */
export const typePrefix = (operation: SdkOperation) => `${pascalCase(operation.resource)}${pascalCase(operation.methodName)}`;

/** The type of each component schema, by the schema's name: every operation's own type names left free. */
export function schemaTypes(document: OpenApiDocument, model: SdkModel): Map<string, string> {
  const taken = new Set(
    model.operations.map(typePrefix).flatMap((prefix) => [`${prefix}Query`, `${prefix}Body`, `${prefix}Response`, `${prefix}Event`]),
  );
  const schemaNames = Object.keys(((document.components as Record<string, unknown> | undefined)?.schemas ?? {}) as object);
  return schemaTypeNames(schemaNames, taken);
}

/** The TypeScript SDK's method of each operation and type of each component schema. */
export function typeScriptNames(document: OpenApiDocument, model: SdkModel): SdkNames {
  return {
    methods: new Map(
      model.operations.map((operation) => [
        `${operation.method.toUpperCase()} ${operation.path}`,
        `sdk.${operation.resource}.${operation.methodName}()`,
      ]),
    ),
    types: schemaTypes(document, model),
  };
}
