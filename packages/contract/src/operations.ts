// The operations of a document, where each stands, and the name the packages give the types
// and validators of one (`createEnrollment` → `CreateEnrollmentRequestBody` in the types
// package, `validateCreateEnrollmentRequestBody` in the validators package): both read it here,
// so the two names cannot drift apart.
import { HTTP_METHODS } from "./http-methods.js";

/** One operation of a document: its path, its lower-case method and the operation object. */
export interface DocumentOperation<Operation = Record<string, unknown>> {
  /** The path template, such as `/certificates/{id}`. */
  readonly path: string;
  /** The method, lower case. */
  readonly method: (typeof HTTP_METHODS)[number];
  /** The operation object as the document writes it. */
  readonly operation: Operation;
}

/**
 * Every operation of a parsed document's `paths` (or `webhooks`), path by path, each path's in the order of `HTTP_METHODS`.
 * @example
 * ```ts
 * import { readOperations } from "@signing-platform/contract";
 *
 * const operations = readOperations({ paths: { "/certificates": { get: { operationId: "listCertificates" } } } });
 * operations.map(({ method, path }) => `${method} ${path}`); // ["get /certificates"]
 * ```
 */
export function readOperations<Operation extends object = Record<string, unknown>>(
  document: unknown,
  root: "paths" | "webhooks" = "paths",
): DocumentOperation<Operation>[] {
  const items = (document as Record<string, unknown> | null | undefined)?.[root];
  if (typeof items !== "object" || items === null) return [];
  return Object.entries(items as Record<string, unknown>).flatMap(([path, item]) =>
    operationsOfPathItem(item).map(({ method, operation }) => ({ path, method, operation: operation as Operation })),
  );
}

/** The operations a path item holds, in the order of `HTTP_METHODS`: each method whose field is an object (a `$ref` left as written). */
export function operationsOfPathItem(item: unknown): { method: (typeof HTTP_METHODS)[number]; operation: object }[] {
  return HTTP_METHODS.flatMap((method) => {
    const operation = (item as Record<string, unknown> | null | undefined)?.[method];
    return typeof operation === "object" && operation !== null ? [{ method, operation }] : [];
  });
}

/**
 * The PascalCase stem of an operation's type and validator names; throws when the id cannot make one.
 * @example
 * ```ts
 * import { operationTypeName } from "@signing-platform/contract";
 *
 * operationTypeName("createEnrollment"); // "CreateEnrollment"
 * operationTypeName("list-certificates"); // "ListCertificates"
 * ```
 */
export function operationTypeName(operationId: string): string {
  const name = operationId.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_match, _separator, letter: string) => letter.toUpperCase());
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`"${name}" cannot be a TypeScript type name.`);
  return name;
}
