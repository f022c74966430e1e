// The x-signing-platform-* extensions of an OpenAPI document, per path and method (the
// repository's docs/spec.md, OpenAPI extensions). The client acts on them: idempotency keys, pagination bounds and
// fields, conditional requests. api-description.ts reads it with the API's conventions.

export const EXTENSION_PREFIX = "x-signing-platform-";

export interface IdempotencyExtension {
  header: string;
  required: boolean;
  pattern: string;
  min_length: number;
  max_length: number;
  scope: string[];
}

export interface PaginationExtension {
  cursor_parameter: string;
  limit_parameter: string;
  limit_default: number;
  limit_minimum: number;
  limit_maximum: number;
  items_field: string;
  next_cursor_field: string;
  next_url_field: string;
}

export interface ConditionalRequestExtension {
  request_header: string;
  response_header: string;
  not_modified_status: number;
}

export interface OperationExtensions {
  operationId?: string;
  errors?: string[];
  idempotency?: IdempotencyExtension;
  pagination?: PaginationExtension;
  conditionalRequest?: ConditionalRequestExtension;
}

/** Path template → lower-case method → the operation's extensions. */
export type OperationsTable = Record<string, Record<string, OperationExtensions>>;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

type OperationObject = Record<string, unknown> & { operationId?: string };

/** Reads the extensions of every operation under `paths` of a parsed OpenAPI document. */
export function operationsFromOpenApi(document: { paths?: Record<string, Record<string, unknown>> }): OperationsTable {
  const table: OperationsTable = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      const extension = <T>(name: string) => operation[EXTENSION_PREFIX + name] as T | undefined;
      (table[path] ??= {})[method] = {
        operationId: operation.operationId,
        errors: extension<string[]>("errors") ?? [],
        idempotency: extension<IdempotencyExtension>("idempotency"),
        pagination: extension<PaginationExtension>("pagination"),
        conditionalRequest: extension<ConditionalRequestExtension>("conditional-request"),
      };
    }
  }
  return table;
}
