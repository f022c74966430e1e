// @ts-check
// What the decorators record, and the readers that the validator, the linter rules and the
// source map share: the status table, the catalogue's codes, the header names, the HTTP
// operations of the services. Each is read from the program, never written twice.
import { getDoc, listServices, navigateProgram } from "@typespec/compiler";
import { EXTENSIONS } from "@signing-platform/contract";
import { getHttpService } from "@typespec/http";
import { getExtensions } from "@typespec/openapi";

/** @typedef {import("@typespec/compiler").Program} Program */
/** @typedef {import("@typespec/compiler").UnionVariant} UnionVariant */
/** @typedef {import("@typespec/compiler").Union} Union */
/** @typedef {import("@typespec/compiler").EnumMember} EnumMember */
/** @typedef {import("@typespec/compiler").ModelProperty} ModelProperty */
/** @typedef {import("@typespec/compiler").Type} Type */
/** @typedef {import("@typespec/http").HttpOperation} HttpOperation */
/** @typedef {import("@typespec/http").HttpOperationResponse} HttpOperationResponse */
/** @typedef {{ status: number, meaning: string, retry: string }} StatusRow a status of the HTTP status table and its @retry class */

/** The state keys of the decorators: global symbols, so that every copy of the library shares them. */
export const keys = {
  retry: Symbol.for("signing-platform.retry"),
  errorStatus: Symbol.for("signing-platform.errorStatus"),
  errorStatusNotSpecified: Symbol.for("signing-platform.errorStatusNotSpecified"),
  errorCodeAddition: Symbol.for("signing-platform.errorCodeAddition"),
  errorFallback: Symbol.for("signing-platform.errorFallback"),
  carriesCodes: Symbol.for("signing-platform.carriesCodes"),
  idempotencyKey: Symbol.for("signing-platform.idempotencyKey"),
  entityTagCondition: Symbol.for("signing-platform.entityTagCondition"),
  entityTag: Symbol.for("signing-platform.entityTag"),
  webhook: Symbol.for("signing-platform.webhook"),
  mutualTls: Symbol.for("signing-platform.mutualTls"),
};

/** The methods whose every operation takes an idempotency key (Endpoints › General rules). */
export const IDEMPOTENT_METHODS = new Set(["post", "put", "patch"]);

/**
 * The string value of a union variant such as `ErrorCode.not_found`.
 * @param {UnionVariant} variant a string-literal variant: a code or an event type
 * @returns {string}
 */
export function literalOf(variant) {
  return /** @type {import("@typespec/compiler").StringLiteral} */ (variant.type).value;
}

/**
 * The string-literal variants of a union, in declaration order (the open `string` variant is left out).
 * @param {Union} union
 */
export function literalVariants(union) {
  return [...union.variants.values()].filter((variant) => variant.type.kind === "String");
}

/**
 * The HTTP status table: every status marked with its @retry class.
 * @param {Program} program
 * @returns {StatusRow[]}
 */
export function statusTable(program) {
  const retryByMember = program.stateMap(keys.retry);
  return [...retryByMember.entries()].map(([member, retry]) => ({
    status: /** @type {number} */ (/** @type {EnumMember} */ (member).value), // @retry is on the members of the status enum
    meaning: getDoc(program, member) ?? "",
    retry,
  }));
}

/**
 * The catalogue's codes by their string, with the status servers answer each with.
 * @param {Program} program
 * @returns {Map<string, number>}
 */
export function catalogueStatuses(program) {
  /** @type {Map<string, number>} */
  const byCode = new Map();
  for (const key of [keys.errorStatus, keys.errorStatusNotSpecified]) {
    for (const [variant, status] of program.stateMap(key)) byCode.set(literalOf(/** @type {UnionVariant} */ (variant)), status);
  }
  return byCode;
}

/**
 * The header names the spec declares in `x-signing-platform-headers`, on whichever namespace
 * declares them (spec/common/headers.tsp declares them on SigningPlatform, which a service
 * built on the spec's common models imports). None when no namespace does: the rules that
 * judge headers then have nothing to judge by.
 * @param {Program} program
 * @returns {import("@signing-platform/contract").HeadersExtension | undefined}
 */
export function headerNames(program) {
  /** @type {import("@signing-platform/contract").HeadersExtension | undefined} */
  let found;
  navigateProgram(program, {
    namespace(namespace) {
      const declared = getExtensions(program, namespace).get(EXTENSIONS.headers);
      if (!found && declared && typeof declared === "object") found = declared;
    },
  });
  return found;
}

/** @type {WeakMap<Program, HttpOperation[]>} */
const operationsByProgram = new WeakMap();

/**
 * Every HTTP operation of every service, once each, webhooks included.
 * @param {Program} program
 * @returns {HttpOperation[]}
 */
export function httpOperations(program) {
  const known = operationsByProgram.get(program);
  if (known) return known;
  const seen = new Set();
  /** @type {HttpOperation[]} */
  const operations = [];
  for (const { type: namespace } of listServices(program)) {
    const [service] = getHttpService(program, namespace);
    for (const httpOperation of service.operations) {
      if (seen.has(httpOperation.operation)) continue;
      seen.add(httpOperation.operation);
      operations.push(httpOperation);
    }
  }
  operationsByProgram.set(program, operations);
  return operations;
}

/**
 * The operations of the API: every HTTP operation but the webhook deliveries, which the
 * receiver answers.
 * @param {Program} program
 */
export function apiOperations(program) {
  const webhooks = program.stateMap(keys.webhook);
  return httpOperations(program).filter((httpOperation) => !webhooks.has(httpOperation.operation));
}

/**
 * The responses of an operation, one row per numeric status.
 * @param {HttpOperation} httpOperation
 */
export function responsesByStatus(httpOperation) {
  /** @type {Array<{ status: number, response: HttpOperationResponse }>} */
  const rows = [];
  for (const response of httpOperation.responses) {
    const statuses = typeof response.statusCodes === "number" ? [response.statusCodes] : [];
    for (const status of statuses) rows.push({ status, response });
  }
  return rows;
}

/**
 * The header parameter of an operation that a decorator marked.
 * @param {HttpOperation} httpOperation
 * @param {Set<Type>} marker
 */
export function headerParameter(httpOperation, marker) {
  return httpOperation.parameters.parameters.find((parameter) => parameter.type === "header" && marker.has(parameter.param));
}

/**
 * The names of the headers a response declares, lower-cased (HTTP header names are case-insensitive).
 * @param {HttpOperationResponse} response
 */
export function responseHeaderNames(response) {
  return new Set(response.responses.flatMap((variant) => Object.keys(variant.headers ?? {})).map((name) => name.toLowerCase()));
}

/**
 * `GET /things/{id}`: how messages name an operation.
 * @param {HttpOperation} httpOperation
 */
export function describeOperation(httpOperation) {
  return `${httpOperation.verb.toUpperCase()} ${httpOperation.path}`;
}

/**
 * Whether a response has a body.
 * @param {HttpOperationResponse} response
 */
export function hasBody(response) {
  return response.responses.some((variant) => variant.body !== undefined);
}
