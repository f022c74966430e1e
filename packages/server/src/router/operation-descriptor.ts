// What the server knows of one operation, read from the spec at build time
// (src/generated/operations.ts). The conventions act on these facts, never on a copy.
import type { ConditionalRequestExtension, IdempotencyExtension, PaginationExtension } from "@signing-platform/types";

/** Schema of a path, query or header parameter: flat, as the spec declares it. */
export interface ParameterSchema {
  readonly type?: "string" | "integer" | "number" | "boolean";
  readonly format?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly default?: string | number | boolean;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly enum?: readonly (string | number)[];
}

export interface ParameterDescriptor {
  readonly name: string;
  readonly in: "path" | "query" | "header" | "cookie";
  readonly required: boolean;
  readonly schema: ParameterSchema;
}

export interface ResponseDescriptor {
  /** Whether the response has a JSON body (304 has none). */
  readonly body: boolean;
  /** The headers the spec declares required on it. */
  readonly headers: readonly string[];
}

/** The extensions' shapes are the one typed module of the types package. */
export type { ConditionalRequestExtension, IdempotencyExtension, PaginationExtension };

export interface OperationDescriptor {
  readonly operationId: string;
  readonly method: "GET" | "PUT" | "POST" | "DELETE" | "PATCH";
  /** The OpenAPI path template, `/certificates/{id}`. */
  readonly path: string;
  /** The same path as a Fastify route, `/certificates/:id`. */
  readonly routePath: string;
  readonly summary: string;
  readonly parameters: readonly ParameterDescriptor[];
  readonly requestBody: { readonly required: boolean; readonly mediaTypes: readonly string[] } | null;
  /** Every status the operation may answer, by status. */
  readonly responses: Readonly<Record<string, ResponseDescriptor>>;
  /** x-signing-platform-errors: the codes its responses may carry. */
  readonly errorCodes: readonly string[];
  readonly idempotency: IdempotencyExtension | null;
  readonly pagination: PaginationExtension | null;
  readonly conditionalRequest: ConditionalRequestExtension | null;
}
