// A route added by hand becomes an operation of the API with `config: { operation }`: every
// convention then acts on it as on the document's operations (idempotency, ETag and 304,
// pagination, validation of its parameters, a rate-limit bucket of its own, response
// checking). defineOperation writes the descriptor from the few facts a hand-written route
// knows; the extensions it turns on are the package's own document's, and the error codes the
// conventions answer with on every operation are declared for it.
import { errorCodeEntry, statusForCode } from "@signing-platform/types";
import { operationTable } from "../generated/operations.js";
import type {
  ConditionalRequestExtension,
  IdempotencyExtension,
  OperationDescriptor,
  PaginationExtension,
  ParameterDescriptor,
  ResponseDescriptor,
} from "./operation-descriptor.js";

/** The facts of a route added by hand, for {@link defineOperation}. */
export interface OperationDefinition {
  /** The operation's id: names its rate-limit bucket, its capability and its cursors' scope. */
  readonly operationId: string;
  /** The HTTP method. */
  readonly method: OperationDescriptor["method"];
  /** The OpenAPI path template, `/webhook-endpoints/{id}`; each `{name}` must be in `parameters`. */
  readonly path: string;
  /** Path and query parameters, checked and coerced by their schemas. Default none. */
  readonly parameters?: readonly ParameterDescriptor[];
  /** Whether it takes a JSON body, and must. Default: POST, PUT and PATCH take one, required. */
  readonly requestBody?: { readonly required: boolean } | null;
  /** The success status. Default 201 for POST, 200 otherwise. */
  readonly successStatus?: number;
  /** Whether the success response carries an ETag (Endpoints: every resource response). Default true. */
  readonly entityTag?: boolean;
  /** The error codes its handler answers with, beyond those the conventions answer on every operation. */
  readonly errorCodes?: readonly string[];
  /** An Idempotency-Key as the package's keyed writes take it, or a rule of your own. */
  readonly idempotency?: boolean | IdempotencyExtension;
  /** Cursor pagination as the package's lists page, or a rule of your own; a list adds `limit` and `cursor` itself. */
  readonly pagination?: boolean | PaginationExtension;
  /** `If-None-Match` and 304 as the package's conditional reads, or a rule of your own. */
  readonly conditionalRequest?: boolean | ConditionalRequestExtension;
}

const codesOfEvery = operationTable
  .map((operation) => operation.errorCodes)
  .reduce((common, codes) => common.filter((code) => codes.includes(code)));
const ruleOf = <Kind extends "idempotency" | "pagination" | "conditionalRequest">(kind: Kind) =>
  operationTable.find((operation) => operation[kind] !== null)?.[kind] as NonNullable<OperationDescriptor[Kind]>;
const parametersOfList = operationTable.find((operation) => operation.pagination !== null)?.parameters ?? [];

/**
 * The descriptor of a route added by hand: give it as `config.operation` and the route gets every convention of the API. Throws a one-line TypeError naming an error code the catalogue does not have.
 * @example
 * ```ts
 * import { createApp, defineOperation, staticCredentialResolver } from "@signing-platform/server";
 *
 * const app = createApp({
 *   cursorSecret: "a secret of at least thirty-two characters",
 *   authentication: { resolver: staticCredentialResolver({ tokens: {} }) },
 *   handlers: {},
 * });
 * app.route({
 *   method: "POST",
 *   url: "/webhook-endpoints",
 *   config: { operation: defineOperation({ operationId: "createWebhookEndpoint", method: "POST", path: "/webhook-endpoints", idempotency: true }) },
 *   handler: async (_request, reply) => reply.code(201).send({ id: "we_1" }),
 * });
 * ```
 */
export function defineOperation(definition: OperationDefinition): OperationDescriptor {
  const {
    operationId,
    method,
    path,
    parameters = [],
    successStatus = method === "POST" ? 201 : 200,
    entityTag = true,
    errorCodes = [],
    idempotency = false,
    pagination = false,
    conditionalRequest = false,
  } = definition;
  const takesBody = method === "POST" || method === "PUT" || method === "PATCH";
  const requestBody = definition.requestBody === undefined ? (takesBody ? { required: true } : null) : definition.requestBody;
  const idempotencyRule = idempotency === true ? ruleOf("idempotency") : idempotency || null;
  const paginationRule = pagination === true ? ruleOf("pagination") : pagination || null;
  const conditionalRule = conditionalRequest === true ? ruleOf("conditionalRequest") : conditionalRequest || null;
  for (const code of errorCodes) {
    if (!errorCodeEntry(code))
      throw new TypeError(`defineOperation(${operationId}): errorCodes: ${code} is not an error code of the catalogue.`);
  }
  // The codes the conventions answer with: on every operation, then by what this one does.
  const codes = new Set([...codesOfEvery, ...errorCodes]);
  if (parameters.length > 0 || requestBody || paginationRule || idempotencyRule) codes.add("bad_request");
  if (requestBody) for (const code of ["payload_too_large", "unsupported_media_type"]) codes.add(code);
  if (idempotencyRule) for (const code of ["conflict", "idempotency_key_reused"]) codes.add(code);
  const entityTagHeader = conditionalRule?.response_header ?? ruleOf("conditionalRequest").response_header;
  const responses: Record<string, ResponseDescriptor> = {
    [String(successStatus)]: { body: successStatus !== 204, headers: entityTag && successStatus !== 204 ? [entityTagHeader] : [] },
  };
  if (conditionalRule) responses[String(conditionalRule.not_modified_status)] = { body: false, headers: [entityTagHeader] };
  for (const code of codes) responses[String(statusForCode(code as Parameters<typeof statusForCode>[0]))] ??= { body: true, headers: [] };
  const listParameters = paginationRule
    ? parametersOfList.filter((parameter) => !parameters.some((given) => given.name === parameter.name && given.in === parameter.in))
    : [];
  return {
    operationId,
    method,
    path,
    routePath: path.replace(/\{([^}]+)\}/g, ":$1"),
    summary: "",
    parameters: [...parameters, ...listParameters],
    requestBody: requestBody ? { required: requestBody.required, mediaTypes: ["application/json"] } : null,
    responses,
    errorCodes: [...codes],
    idempotency: idempotencyRule,
    pagination: paginationRule,
    conditionalRequest: conditionalRule,
  };
}
