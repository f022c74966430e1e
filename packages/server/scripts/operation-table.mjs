// @ts-check
// Reads generated/openapi.yaml into the facts the server needs at run time, one entry per
// operation under `paths`: method, route, parameters (with their schemas resolved),
// request body, the statuses it may answer (with or without a body, and the headers each
// declares), the error codes of x-signing-platform-errors, and the idempotency,
// pagination and conditional-request extensions. Nothing here is typed by hand: a renamed
// operation, a new header or a new extension value changes the table at the next build.
import { readOperationExtensions } from "@signing-platform/contract";
import { appendPointer, operationsOf, parametersOf, resolveRef } from "@signing-platform/contract/openapi";

/** @typedef {import("@signing-platform/contract/openapi").Json} Json */
/** @typedef {import("../src/router/operation-descriptor.js").OperationDescriptor} OperationDescriptor */
/** @typedef {import("../src/router/operation-descriptor.js").ParameterSchema} ParameterSchema */

/**
 * Read through the contract's reader, as the server reads a document it is given at start-up
 * (src/document/document-operations.ts): every method of HTTP_METHODS, path-level parameters
 * merged as OpenAPI says, every $ref followed (a broken one is a BrokenRefError naming it).
 * @param {Json} document generated/openapi.yaml
 * @returns {OperationDescriptor[]}
 */
export function operationTable(document) {
  /**
   * The object `node` stands for, its $refs followed; `{}` for none.
   * @param {unknown} node
   * @param {string} at where `node` is written, for the error
   * @returns {Json}
   */
  const resolve = (node, at) => resolveRef(document, node, at) ?? {};
  /** @type {OperationDescriptor[]} */
  const table = [];
  for (const declared of operationsOf(document)) {
    const { path, method, operation, pointer } = declared;
    const { operationId, responses: declaredResponses } = operation;
    // Optional in the OpenAPI types; the table cannot name or answer an operation without them.
    if (typeof operationId !== "string" || declaredResponses === undefined)
      throw new Error(`${method.toUpperCase()} ${path}: no operationId or no responses.`);
    const parameters = parametersOf(document, declared).map(({ parameter, pointer: at }) => ({
      name: parameter.name,
      in: parameter.in,
      required: parameter.required === true,
      schema: plainSchema(resolve(parameter.schema, appendPointer(at, "schema"))),
    }));
    const body = operation.requestBody ? resolve(operation.requestBody, appendPointer(pointer, "requestBody")) : null;
    const responses = Object.fromEntries(
      Object.entries(/** @type {Record<string, unknown>} */ (declaredResponses)).map(([status, response]) => {
        const resolved = resolve(response, appendPointer(pointer, "responses", status));
        return [
          status,
          {
            body: Boolean(resolved.content?.["application/json"]),
            headers: Object.entries(resolved.headers ?? {})
              .filter(([name, header]) => resolve(header, appendPointer(pointer, "responses", status, "headers", name)).required)
              .map(([name]) => name),
          },
        ];
      }),
    );
    const extensions = readOperationExtensions(operation);
    table.push({
      operationId,
      method: /** @type {OperationDescriptor["method"]} */ (method.toUpperCase()),
      path,
      routePath: path.replace(/\{([^}]+)\}/g, ":$1"),
      summary: operation.summary ?? "",
      parameters,
      requestBody: body ? { required: body.required === true, mediaTypes: Object.keys(body.content ?? {}) } : null,
      responses,
      errorCodes: extensions.errors ?? [],
      idempotency: extensions.idempotency ?? null,
      pagination: extensions.pagination ?? null,
      conditionalRequest: extensions.conditionalRequest ?? null,
    });
  }
  return table.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

/**
 * Parameter schemas are flat (type, bounds, pattern, default); descriptions stay in the spec.
 * @param {Json} schema
 * @returns {ParameterSchema}
 */
function plainSchema(schema) {
  const keep = ["type", "format", "minimum", "maximum", "default", "pattern", "minLength", "maxLength", "enum"];
  return Object.fromEntries(keep.filter((key) => schema[key] !== undefined).map((key) => [key, schema[key]]));
}

/**
 * The HTTP status a server answers an error code with (docs/decisions.md#codes-without-a-status for the codes without one).
 * @param {import("@signing-platform/types").Catalogue} catalogue generated/catalogue.json
 * @param {string} code
 * @returns {number}
 */
export function statusOfCode(catalogue, code) {
  const entry = catalogue.errors.find((candidate) => candidate.code === code);
  if (!entry) throw new Error(`x-signing-platform-errors names ${code}, which the catalogue does not list.`);
  return entry.status ?? entry.status_used_by_servers;
}
