// @ts-check
// Reads generated/openapi.yaml into the facts the server needs at run time, one entry per
// operation under `paths`: method, route, parameters (with their schemas resolved),
// request body, the statuses it may answer (with or without a body, and the headers each
// declares), the error codes of x-signing-platform-errors, and the idempotency,
// pagination and conditional-request extensions. Nothing here is typed by hand: a renamed
// operation, a new header or a new extension value changes the table at the next build.
import { readOperationExtensions } from "@signing-platform/contract";

/** @typedef {import("openapi-typescript").ReferenceObject} ReferenceObject */
/** @typedef {import("../src/router/operation-descriptor.js").OperationDescriptor} OperationDescriptor */
/** @typedef {import("../src/router/operation-descriptor.js").ParameterSchema} ParameterSchema */

const METHODS = /** @type {const} */ (["get", "put", "post", "delete", "patch"]);

/**
 * @param {import("../../types/scripts/alias-modules.mjs").Document} document generated/openapi.yaml
 * @returns {OperationDescriptor[]}
 */
export function operationTable(document) {
  /**
   * The object `node` is, or the one its `$ref` names (followed to the end).
   * @template T
   * @param {T | ReferenceObject} node
   * @returns {T}
   */
  const resolve = (node) => {
    const ref = /** @type {Partial<ReferenceObject> | undefined} */ (node)?.$ref;
    if (!ref) return /** @type {T} */ (node);
    const parts = ref.replace(/^#\//, "").split("/");
    /** @type {unknown} */
    const target = parts.reduce(
      (value, part) => /** @type {Record<string, unknown>} */ (value)[part.replace(/~1/g, "/").replace(/~0/g, "~")],
      /** @type {unknown} */ (document),
    );
    return resolve(/** @type {T | ReferenceObject} */ (target));
  };
  /** @type {OperationDescriptor[]} */
  const table = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const { operationId, responses: declared } = operation;
      // Optional in the OpenAPI types; the table cannot name or answer an operation without them.
      if (operationId === undefined || declared === undefined)
        throw new Error(`${method.toUpperCase()} ${path}: no operationId or no responses.`);
      const parameters = (operation.parameters ?? []).map(resolve).map((parameter) => ({
        name: parameter.name,
        in: parameter.in,
        required: parameter.required === true,
        schema: plainSchema(resolve(parameter.schema)),
      }));
      const body = operation.requestBody ? resolve(operation.requestBody) : null;
      const responses = Object.fromEntries(
        Object.entries(declared).map(([status, response]) => {
          const resolved = resolve(response);
          return [
            status,
            {
              body: Boolean(resolved.content?.["application/json"]),
              headers: Object.entries(resolved.headers ?? {})
                .filter(([, header]) => resolve(header).required)
                .map(([name]) => name),
            },
          ];
        }),
      );
      const extensions = readOperationExtensions(operation);
      table.push({
        operationId,
        method: /** @type {Uppercase<typeof method>} */ (method.toUpperCase()),
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
  }
  return table.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

/**
 * Parameter schemas are flat (type, bounds, pattern, default); descriptions stay in the spec.
 * @param {import("openapi-typescript").SchemaObject | undefined} schema
 * @returns {ParameterSchema}
 */
function plainSchema(schema) {
  // Read by keyword name: the schema as the plain object it is.
  const keywords = /** @type {Partial<Record<string, unknown>> | undefined} */ (/** @type {unknown} */ (schema));
  const keep = ["type", "format", "minimum", "maximum", "default", "pattern", "minLength", "maxLength", "enum"];
  return Object.fromEntries(keep.filter((key) => keywords?.[key] !== undefined).map((key) => [key, keywords?.[key]]));
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
