// What the server knows of one operation, read from the spec at build time
// (src/generated/operations.ts). The conventions act on these facts, never on a copy.
import type { ConditionalRequestExtension, HTTP_METHODS, IdempotencyExtension, PaginationExtension } from "@signing-platform/contract";

/** Schema of a path, query or header parameter: flat, as the spec declares it. */
export interface ParameterSchema {
  /** The parameter's JSON type. */
  readonly type?: "string" | "integer" | "number" | "boolean";
  /** The parameter's format, such as `date-time`. */
  readonly format?: string;
  /** The smallest value allowed. */
  readonly minimum?: number;
  /** The largest value allowed. */
  readonly maximum?: number;
  /** The value used when the parameter is absent. */
  readonly default?: string | number | boolean;
  /** The pattern a string value must match. */
  readonly pattern?: string;
  /** The shortest string allowed. */
  readonly minLength?: number;
  /** The longest string allowed. */
  readonly maxLength?: number;
  /** The values allowed. */
  readonly enum?: readonly (string | number)[];
}

/** One parameter of an operation, as the spec declares it. */
export interface ParameterDescriptor {
  /** The parameter's name. */
  readonly name: string;
  /** Where the parameter is sent. */
  readonly in: "path" | "query" | "header" | "cookie";
  /** Whether the request must have it. */
  readonly required: boolean;
  /** The parameter's schema. */
  readonly schema: ParameterSchema;
}

/** One response an operation may give, as the spec declares it. */
export interface ResponseDescriptor {
  /** Whether the response has a JSON body (304 has none). */
  readonly body: boolean;
  /** The headers the spec declares required on it. */
  readonly headers: readonly string[];
}

/** The extensions' shapes are the one typed module of the types package. */
export type { ConditionalRequestExtension, IdempotencyExtension, PaginationExtension };

/** What the server knows of one operation, read from the spec at build time. */
export interface OperationDescriptor {
  /** The operation's operationId. */
  readonly operationId: string;
  /** The HTTP method: one of the contract's HTTP_METHODS, upper case. */
  readonly method: Uppercase<(typeof HTTP_METHODS)[number]>;
  /** The OpenAPI path template, `/certificates/{id}`. */
  readonly path: string;
  /** The same path as a Fastify route, `/certificates/:id`. */
  readonly routePath: string;
  /** The operation's summary in the spec. */
  readonly summary: string;
  /** The operation's parameters. */
  readonly parameters: readonly ParameterDescriptor[];
  /** Whether the operation takes a body, and its media types; null when it takes none. */
  readonly requestBody: { readonly required: boolean; readonly mediaTypes: readonly string[] } | null;
  /** Every status the operation may answer, by status. */
  readonly responses: Readonly<Record<string, ResponseDescriptor>>;
  /** x-signing-platform-errors: the codes its responses may carry. */
  readonly errorCodes: readonly string[];
  /** The operation's idempotency key rules (x-signing-platform-idempotency); null when it takes no key. */
  readonly idempotency: IdempotencyExtension | null;
  /** The operation's cursor pagination (x-signing-platform-pagination); null when it is not a list. */
  readonly pagination: PaginationExtension | null;
  /** The operation's conditional request headers (x-signing-platform-conditional-request); null when it has none. */
  readonly conditionalRequest: ConditionalRequestExtension | null;
}
