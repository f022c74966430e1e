// @ts-check
// Friendly names over the openapi-typescript output: one type alias per schema of the
// document (`SigningRequest`, `ErrorBody`, …) and, per operation, its parameters, request
// body and success response (`CreateEnrollmentRequestBody`, `GetCertificateResponse`, …).
// Generated from the document so that a renamed schema or operation renames its alias.
import { HTTP_METHODS, operationTypeName, readOperations } from "@signing-platform/contract";

/** @typedef {import("openapi-typescript").SchemaObject} SchemaObject */
/** @typedef {import("openapi-typescript").OperationObject} OperationObject */
/** @typedef {Partial<Record<(typeof HTTP_METHODS)[number], OperationObject>>} PathItem */
/**
 * generated/openapi.yaml as the build writes it: every schema under `components`, every path
 * item and operation inline (never a `$ref`).
 * @typedef {object} Document
 * @property {{ schemas: Record<string, SchemaObject> }} components
 * @property {Record<string, PathItem>} paths
 * @property {Record<string, PathItem>} [webhooks]
 */

/** @param {Document} document */
export function schemaAliasesModule(document) {
  const names = Object.keys(document.components.schemas).sort();
  const aliases = names.map((name) => {
    assertIdentifier(name);
    return `${docComment(document.components.schemas[name]?.description)}export type ${name} = components["schemas"]["${name}"];`;
  });
  return `import type { components } from "./openapi.js";\n\n${aliases.join("\n")}\n`;
}

/**
 * The known values of a schema that lists them: its own `enum`, or the `enum` branch of an open `anyOf`.
 * @param {{ enum?: unknown[], anyOf?: Array<{ enum?: unknown[] }> }} schema
 */
function knownValues(schema) {
  if (Array.isArray(schema.enum)) return schema.enum;
  const branch = (schema.anyOf ?? []).find((candidate) => Array.isArray(candidate.enum));
  return branch?.enum;
}

/**
 * The known values of every enumerated schema, as data: `identityDocumentTypeValues` for
 * `IdentityDocumentType`, so code that checks a value reads the list from the spec instead of
 * typing it again.
 * @param {Document} document
 */
export function schemaValuesModule(document) {
  const lines = Object.keys(document.components.schemas)
    .sort()
    .flatMap((name) => {
      // Our schemas: a $ref branch of `anyOf` has no `enum`.
      const values = knownValues(/** @type {Parameters<typeof knownValues>[0]} */ (document.components.schemas[name]));
      if (!values?.every((value) => typeof value === "string")) return [];
      const constant = `${name.charAt(0).toLowerCase()}${name.slice(1)}Values`;
      return [`/** The known values of \`${name}\`. */`, `export const ${constant} = ${JSON.stringify(values)} as const;`];
    });
  return `${lines.join("\n")}\n`;
}

/** @param {Document} document */
export function operationAliasesModule(document) {
  const operations = listOperations(document);
  const aliases = operations.flatMap(({ id, method, path, operation }) => {
    const name = operationTypeName(id);
    const about = `${method.toUpperCase()} ${path}`;
    return [
      `/** Parameters of ${about} (path, query, header). */`,
      `export type ${name}Parameters = OperationParameters<"${id}">;`,
      ...(operation.requestBody ? [`/** JSON body of ${about}. */`, `export type ${name}RequestBody = RequestBody<"${id}">;`] : []),
      `/** JSON body of the success response of ${about}. */`,
      `export type ${name}Response = SuccessResponseBody<"${id}">;`,
    ];
  });
  const ids = operations.map(({ id }) => JSON.stringify(id)).join(" | ");
  return (
    `import type { OperationParameters, RequestBody, SuccessResponseBody } from "../operation-types.js";\n\n` +
    `/** The id of every operation under \`paths\` (webhooks excluded). */\nexport type ApiOperationId = ${ids};\n\n` +
    `${aliases.join("\n")}\n`
  );
}

/**
 * Every operation under `paths`, in document order.
 * @param {Document} document
 */
export function listOperations(document) {
  const operations = /** @type {import("@signing-platform/contract").DocumentOperation<OperationObject>[]} */ (readOperations(document));
  // TypeSpec gives every operation its id.
  return operations.map(({ method, path, operation }) => ({ id: /** @type {string} */ (operation.operationId), method, path, operation }));
}

/** @param {string} name */
function assertIdentifier(name) {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`"${name}" cannot be a TypeScript type name.`);
}

/** @param {unknown} description */
function docComment(description) {
  if (!description) return "";
  const lines = String(description).replaceAll("*/", "*\\/").split("\n");
  return `/**\n${lines.map((line) => ` * ${line}`.trimEnd()).join("\n")}\n */\n`;
}
