// An operation of the spec without a hand-written handler (public/handlers.ts) is served from
// its schema, so that an operation added to the spec answers as soon as it is built: its first
// success response, with a body made from the response schema (schema-value.ts) and checked
// against the operation's response validator when the sandbox starts. Every convention is the
// server package's, as for any handler: authentication and the capability, Request-Id, rate
// limits, request validation, Idempotency-Key and its replay, ETag and 304, and cursor paging
// (a list pages through the items its schema's value holds). A path parameter the body has as a
// property of the same name is answered with the value asked for. An operation for which no
// valid answer can be made is answered 501 naming it, never with the 404 of a path no operation
// has.
import { ApiErrorResponse, type OperationDescriptor, type PaginationExtension, type UntypedHandler } from "@signing-platform/server";
import type { ErrorDetail } from "@signing-platform/types";
import { operationValidators } from "@signing-platform/validators";
import { responseSchema, type JsonObject } from "../api-document.js";
import { schemaValue } from "../schema-value.js";

/**
 * The code of the sandbox's 501: an operation it serves neither by a handler nor from its
 * schema. The sandbox's own code, not the catalogue's (the catalogue has no 501); clients
 * tolerate it as they do any code they do not know (Versioning).
 */
export const NOT_IMPLEMENTED = "not_implemented";

type Validate = (value: unknown) => { ok: true } | { ok: false; errors: ErrorDetail[] };

/** The operation's compiled validator of its response of `status`, when the validators package has one. */
function responseValidatorOf(operationId: string, status: string): Validate | undefined {
  const entry = (operationValidators as Record<string, { responses?: Record<string, Validate> } | undefined>)[operationId];
  return entry?.responses?.[status];
}

const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === "object" && !Array.isArray(value);

/** The operation as its 501 names it: `listThings (GET /things)`. */
const nameOf = (operation: OperationDescriptor) => `${operation.operationId} (${operation.method} ${operation.path})`;

type Served = { handler: UntypedHandler } | { refusal: () => ApiErrorResponse };

function unservable(operation: OperationDescriptor, reason: string, details: readonly ErrorDetail[]): Served {
  const message =
    `${nameOf(operation)} has no behaviour written in this sandbox, and ${reason}. ` +
    "Give the schema an example or fix what the details name, or write the operation's handler.";
  return { refusal: () => new ApiErrorResponse(NOT_IMPLEMENTED, { status: 501, message, details }) };
}

/** A body with each path parameter it has a property for set to the value asked for, where the schema still accepts it. */
function withPathParameters(body: unknown, params: Readonly<Record<string, unknown>>, validate: Validate | undefined): unknown {
  if (!isObject(body)) return body;
  const named = Object.entries(params).filter(([name, value]) => name in body && typeof body[name] === typeof value);
  if (named.length === 0) return body;
  const echoed = { ...body, ...Object.fromEntries(named) };
  return !validate || validate(echoed).ok ? echoed : body;
}

/** A list's handler: pages, with the server's cursors, through the items of the page the schema gives. */
function pagedHandler(status: number, page: JsonObject, rule: PaginationExtension): UntypedHandler {
  const entries = (page[rule.items_field] as unknown[]).map((item, index) => ({ item, index }));
  type Entry = (typeof entries)[number];
  return async (_request, context) => {
    if (!("paginate" in context)) throw new Error(`The server gave the list ${context.operation.operationId} no paging.`);
    const read = await context.paginate({
      positionOf: (entry) => ({ key: (entry as Entry).index, id: String((entry as Entry).index) }),
      source: ({ after, limit }) => entries.filter((entry) => after === null || entry.index > Number(after.key)).slice(0, limit),
    });
    return {
      status,
      body: {
        ...page,
        [rule.items_field]: read.items.map((entry) => (entry as Entry).item),
        [rule.next_cursor_field]: read.cursor,
        [rule.next_url_field]: read.next,
      },
    };
  };
}

/** How the sandbox serves `operation` from the schema of its first success response, or the 501 it answers when it cannot. */
function serveFromSchema(document: JsonObject, operation: OperationDescriptor): Served {
  const status = Object.keys(operation.responses)
    .filter((candidate) => /^2\d\d$/.test(candidate))
    .sort()[0];
  if (status === undefined) return unservable(operation, "it declares no success response to answer with", []);
  const code = Number(status);
  if (!operation.responses[status]!.body) return { handler: () => ({ status: code }) };
  const validate = responseValidatorOf(operation.operationId, status);
  const body = schemaValue(document, responseSchema(document, operation.operationId, status));
  const result = body === undefined ? undefined : validate?.(body);
  const problems: readonly ErrorDetail[] =
    body === undefined
      ? [{ field: "$", code: "no_value", message: "No value its schema accepts could be made." }]
      : result && !result.ok
        ? result.errors
        : [];
  if (problems.length > 0) return unservable(operation, `the value made from the schema of its ${status} response is not valid`, problems);
  const rule = operation.pagination;
  if (rule) {
    if (!isObject(body) || !Array.isArray(body[rule.items_field]))
      return unservable(operation, `its ${status} response has no \`${rule.items_field}\` list to page through`, []);
    return { handler: pagedHandler(code, body, rule) };
  }
  return { handler: ({ params }) => ({ status: code, body: withPathParameters(body, params, validate) }) };
}

/** The API plugin's `fallback` and the 501 of the operations it cannot serve, for the operations of `document` without a handler. */
export interface SchemaServedOperations {
  /** The handler of an operation without one: its answer made from its schema. */
  fallback(operation: OperationDescriptor): UntypedHandler;
  /** The 501 of an operation the sandbox can serve neither by a handler nor from its schema; undefined for every other. */
  refusalOf(operation: OperationDescriptor): ApiErrorResponse | undefined;
}

/** Serves every operation it is asked for from `document`'s schemas. */
export function schemaServedOperations(document: JsonObject): SchemaServedOperations {
  const refusals = new Map<string, () => ApiErrorResponse>();
  return {
    fallback(operation) {
      const served = serveFromSchema(document, operation);
      if ("handler" in served) return served.handler;
      refusals.set(operation.operationId, served.refusal);
      // Never reached: refusalOf answers first, before the request is validated.
      return () => {
        throw served.refusal();
      };
    },
    refusalOf: (operation) => refusals.get(operation.operationId)?.(),
  };
}
