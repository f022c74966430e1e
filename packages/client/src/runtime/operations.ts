// The x-signing-platform-* extensions of each operation of an OpenAPI document, by path and
// method (their names, shapes and reader: @signing-platform/contract). The client acts on them: idempotency keys,
// pagination bounds and fields, conditional requests; and OpenAPI's own `deprecated`, with its x-sunset. api-description.ts reads this table
// with the API's conventions.

import {
  readDeprecation,
  readOperationExtensions,
  type Deprecation,
  readOperations,
  type ConditionalRequestExtension,
  type IdempotencyExtension,
  type PageShape,
  type PaginationExtension,
} from "@signing-platform/contract";
import { declaredPageShape } from "./pages/declared-page-shape.js";

/** The x-signing-platform-* extensions of one operation that the client acts on. */
export interface OperationExtensions {
  /** The operation's operationId. */
  operationId?: string;
  /** The error codes the operation declares it may answer with. */
  errors?: readonly string[];
  /** The operation's idempotency key header and its rules (x-signing-platform-idempotency). */
  idempotency?: IdempotencyExtension;
  /** The operation's cursor pagination: parameter and field names and page size bounds (x-signing-platform-pagination). */
  pagination?: PaginationExtension;
  /** How the operation's pages follow one another: stated by its extensions, or recognised by the generator; absent for an operation that is not paged through. */
  pages?: PageShape;
  /** The operation's conditional request headers (x-signing-platform-conditional-request). */
  conditionalRequest?: ConditionalRequestExtension;
  /** Present when the operation is deprecated (`deprecated: true`), with its `x-sunset` when it gives one. */
  deprecated?: Deprecation;
}

/** Path template → lower-case method → the operation's extensions. */
export type OperationsTable = Record<string, Record<string, OperationExtensions>>;

type OperationObject = Record<string, unknown> & { operationId?: string };

/** Reads the extensions of every operation under `paths` of a parsed OpenAPI document. */
export function operationsFromOpenApi(document: { paths?: Record<string, Record<string, unknown>> }): OperationsTable {
  const table: OperationsTable = {};
  for (const { path, method, operation } of readOperations<OperationObject>(document)) {
    const extensions = readOperationExtensions(operation);
    const { errors = [], idempotency, pagination, conditionalRequest } = extensions;
    const pages = declaredPageShape(extensions) ?? undefined;
    const deprecated = readDeprecation(operation);
    (table[path] ??= {})[method] = {
      operationId: operation.operationId,
      errors,
      idempotency,
      pagination,
      ...(pages ? { pages } : {}),
      conditionalRequest,
      ...(deprecated ? { deprecated } : {}),
    };
  }
  return table;
}
