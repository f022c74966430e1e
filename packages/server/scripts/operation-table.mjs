// Reads generated/openapi.yaml into the facts the server needs at run time, one entry per
// operation under `paths`: method, route, parameters (with their schemas resolved),
// request body, the statuses it may answer (with or without a body, and the headers each
// declares), the error codes of x-signing-platform-errors, and the idempotency,
// pagination and conditional-request extensions. Nothing here is typed by hand: a renamed
// operation, a new header or a new extension value changes the table at the next build.
import { EXTENSIONS } from "@signing-platform/types";

const METHODS = ["get", "put", "post", "delete", "patch"];

export function operationTable(document) {
  const resolve = (node) => {
    if (!node?.$ref) return node;
    const parts = node.$ref.replace(/^#\//, "").split("/");
    return resolve(parts.reduce((value, part) => value[part.replace(/~1/g, "/").replace(/~0/g, "~")], document));
  };
  const table = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = (operation.parameters ?? []).map(resolve).map((parameter) => ({
        name: parameter.name,
        in: parameter.in,
        required: parameter.required === true,
        schema: plainSchema(resolve(parameter.schema)),
      }));
      const body = operation.requestBody ? resolve(operation.requestBody) : null;
      const responses = Object.fromEntries(
        Object.entries(operation.responses).map(([status, response]) => {
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
      table.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        routePath: path.replace(/\{([^}]+)\}/g, ":$1"),
        summary: operation.summary ?? "",
        parameters,
        requestBody: body ? { required: body.required === true, mediaTypes: Object.keys(body.content ?? {}) } : null,
        responses,
        errorCodes: operation[EXTENSIONS.errors] ?? [],
        idempotency: operation[EXTENSIONS.idempotency] ?? null,
        pagination: operation[EXTENSIONS.pagination] ?? null,
        conditionalRequest: operation[EXTENSIONS.conditionalRequest] ?? null,
      });
    }
  }
  return table.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

// Parameter schemas are flat (type, bounds, pattern, default); descriptions stay in the spec.
function plainSchema(schema) {
  const keep = ["type", "format", "minimum", "maximum", "default", "pattern", "minLength", "maxLength", "enum"];
  return Object.fromEntries(keep.filter((key) => schema?.[key] !== undefined).map((key) => [key, schema[key]]));
}

/** The HTTP status a server answers an error code with (docs/decisions.md#codes-without-a-status for the codes without one). */
export function statusOfCode(catalogue, code) {
  const entry = catalogue.errors.find((candidate) => candidate.code === code);
  if (!entry) throw new Error(`x-signing-platform-errors names ${code}, which the catalogue does not list.`);
  return entry.status ?? entry.status_used_by_servers;
}
