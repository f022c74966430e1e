// What an operation descriptor must hold for the conventions to act on it faithfully, checked
// once at start-up, for the operations of a document given to createApp and for every route
// added by hand with `config.operation`: each extension of the shape the contract gives it,
// each error code in the catalogue, each path parameter of the route declared. A descriptor
// that fails is a one-line Error naming the place, never a request wiped or answered 500 later.
import { EXTENSION_FIELDS, EXTENSIONS } from "@signing-platform/contract";
import { operationTable } from "../generated/operations.js";
import type { OperationDescriptor } from "./operation-descriptor.js";

const EXTENSION_KINDS = [
  ["idempotency", EXTENSIONS.idempotency],
  ["pagination", EXTENSIONS.pagination],
  ["conditionalRequest", EXTENSIONS.conditionalRequest],
] as const;

type ExtensionKind = (typeof EXTENSION_KINDS)[number][0];
const typeOf = (value: unknown) => (Array.isArray(value) ? "array" : typeof value);

/** The JSON type of each field of each operation extension, read from the package's own document. */
const fieldTypes = Object.fromEntries(
  EXTENSION_KINDS.map(([kind]) => {
    const sample = operationTable.find((operation) => operation[kind] !== null)?.[kind] as Record<string, unknown> | undefined;
    return [kind, Object.fromEntries(EXTENSION_FIELDS[kind].map((field) => [field, sample ? typeOf(sample[field]) : undefined]))];
  }),
) as Record<ExtensionKind, Record<string, string | undefined>>;

/** The problem with the extensions of an operation (by the key it is written under, or by descriptor field), or undefined. */
export function extensionProblem(read: (kind: ExtensionKind, name: string) => { present: boolean; value: unknown }): string | undefined {
  for (const [kind, name] of EXTENSION_KINDS) {
    const { present, value } = read(kind, name);
    if (!present) continue;
    if (typeof value !== "object" || value === null || Array.isArray(value)) return `${name}: must be an object`;
    for (const [field, type] of Object.entries(fieldTypes[kind])) {
      const given = (value as Record<string, unknown>)[field];
      if (type !== undefined && typeOf(given) !== type) {
        return `${name}.${field}: must be ${type === "array" ? "an array" : `a ${type}`}; got ${given === undefined ? "nothing" : typeOf(given)}`;
      }
    }
  }
  return undefined;
}

/** The path parameters of a Fastify route path (`/a/:id/b/:name` → id, name). */
export function routeParameterNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

/** Throws a one-line Error naming the route and what its `config.operation` lacks: a path parameter of the route, a well-formed extension, its method. */
export function checkOperationRoute(method: string | readonly string[], url: string, operation: OperationDescriptor): void {
  const methods = [method].flat();
  const place = `route ${methods.join(",")} ${url}`;
  if (typeof operation?.operationId !== "string" || !Array.isArray(operation.parameters) || typeof operation.responses !== "object") {
    throw new Error(`${place}: config.operation is not an operation descriptor (make one with defineOperation).`);
  }
  const allowed = operation.method === "GET" ? ["GET", "HEAD"] : [operation.method];
  const other = methods.find((candidate) => !allowed.includes(candidate));
  if (other) throw new Error(`${place}: config.operation ${operation.operationId} is a ${operation.method} operation, not ${other}.`);
  for (const name of routeParameterNames(url)) {
    if (!operation.parameters.some((parameter) => parameter.in === "path" && parameter.name === name)) {
      throw new Error(
        `${place}: config.operation ${operation.operationId} does not declare the path parameter ${name}; add it to parameters.`,
      );
    }
  }
  const problem = extensionProblem((kind) => ({ present: operation[kind] != null, value: operation[kind] }));
  if (problem) throw new Error(`${place}: config.operation ${operation.operationId} ${problem}.`);
}
