// @ts-check
// When the spec compiles, `$onValidate` builds the catalogue (codes, statuses, event types)
// from what the decorators recorded and writes the machine-readable `x-signing-platform-*`
// OpenAPI extensions that every package and generated SDK reads. They are derived from the
// spec, never typed twice. Whether the spec keeps the conventions is the linter's to say
// (src/linter.js), at the .tsp line.
import {
  getDoc,
  getMaxLength,
  getMaxValue,
  getMinLength,
  getMinValue,
  getPagingOperation,
  getPattern,
  listServices,
} from "@typespec/compiler";
import { EXTENSIONS } from "@signing-platform/contract";
import { resolveOperationId, setExtension } from "@typespec/openapi";
import { reportDiagnostic } from "./library.js";
import { headerParameter, httpOperations, keys, literalOf, literalVariants, responsesByStatus, statusTable } from "./state.js";

/** @typedef {import("@typespec/compiler").Program} Program */
/** @typedef {import("@typespec/compiler").UnionVariant} UnionVariant */
/** @typedef {import("@typespec/compiler").ModelProperty} ModelProperty */
/** @typedef {import("@typespec/http").HttpOperation} HttpOperation */
/** @typedef {import("./state.js").StatusRow} StatusRow */
/**
 * A code of the error catalogue, as generated/catalogue.json lists it.
 * @typedef {object} ErrorEntry
 * @property {string} code
 * @property {number | null} status
 * @property {string} condition
 * @property {string | null} retry
 * @property {"addition" | "interface"} source
 * @property {number} [status_used_by_servers]
 * @property {string} [status_note]
 * @property {string} [fallback_code]
 * @property {string[]} operations the ids of the operations that may answer it
 */
/**
 * @typedef {object} ErrorCatalogue
 * @property {ErrorEntry[]} entries
 * @property {Map<UnionVariant, { entry: ErrorEntry, statusUsedByServers: number }>} byVariant
 */

/**
 * @param {Program} program
 * @param {StatusRow[]} statuses
 * @returns {ErrorCatalogue}
 */
function errorCatalogue(program, statuses) {
  const withStatus = program.stateMap(keys.errorStatus);
  const withoutStatus = program.stateMap(keys.errorStatusNotSpecified);
  // @errorStatus and @errorStatusNotSpecified are on union variants only.
  const declared = /** @type {UnionVariant[]} */ ([...withStatus.keys(), ...withoutStatus.keys()]);
  if (declared.length === 0) return { entries: [], byVariant: new Map() };

  const retryByStatus = new Map(statuses.map((row) => [row.status, row.retry]));
  // Every union that has one code with a status is a catalogue union: all its codes need one.
  const unions = new Set(declared.map((variant) => variant.union));
  /** @type {ErrorCatalogue["entries"]} */
  const entries = [];
  /** @type {ErrorCatalogue["byVariant"]} */
  const byVariant = new Map();
  for (const variant of [...unions].flatMap(literalVariants)) {
    const code = literalOf(variant);
    const specified = withStatus.has(variant);
    if (!specified && !withoutStatus.has(variant)) {
      reportDiagnostic(program, { code: "code-without-status", format: { code }, target: variant });
      continue;
    }
    const status = specified ? withStatus.get(variant) : null;
    const statusUsedByServers = specified ? status : withoutStatus.get(variant);
    if (!retryByStatus.has(statusUsedByServers)) {
      reportDiagnostic(program, {
        code: "status-without-retry-class",
        format: { code, status: String(statusUsedByServers) },
        target: variant,
      });
    }
    const fallback = program.stateMap(keys.errorFallback).get(variant);
    /** @type {ErrorEntry} */
    const entry = {
      code,
      status,
      condition: getDoc(program, variant) ?? "",
      retry: status === null ? null : (retryByStatus.get(status) ?? null),
      source: program.stateSet(keys.errorCodeAddition).has(variant) ? "addition" : "interface",
      ...(status === null
        ? {
            status_used_by_servers: statusUsedByServers,
            status_note:
              "The interface document gives no HTTP status for this code; servers in this package answer it with " +
              `${statusUsedByServers}.`,
          }
        : {}),
      ...(fallback ? { fallback_code: literalOf(fallback) } : {}),
      operations: [],
    };
    entries.push(entry);
    byVariant.set(variant, { entry, statusUsedByServers });
  }
  return { entries, byVariant };
}

/** @param {Program} program */
function eventCatalogue(program) {
  /** @type {Map<import("@typespec/compiler").Type, UnionVariant>} */
  const webhooks = program.stateMap(keys.webhook);
  if (webhooks.size === 0) return [];
  const operationsByVariant = new Map();
  for (const [operation, variant] of webhooks) {
    if (operationsByVariant.has(variant)) {
      reportDiagnostic(program, { code: "duplicate-webhook", format: { type: literalOf(variant) }, target: operation });
    }
    operationsByVariant.set(variant, operation);
  }
  const union = /** @type {UnionVariant} */ ([...webhooks.values()][0]).union; // not empty: checked above
  return literalVariants(union).map((variant) => {
    if (!operationsByVariant.has(variant)) {
      reportDiagnostic(program, { code: "event-without-webhook", format: { type: literalOf(variant) }, target: variant });
    }
    return { type: literalOf(variant), emitted_when: getDoc(program, variant) ?? "" };
  });
}

/**
 * A default value as a number: a numeric value, or an older compiler's number or `Numeric`.
 * @param {import("@typespec/compiler").Value | number | { asNumber(): number | null } | undefined} value
 */
function numericValue(value) {
  if (value === undefined) return undefined;
  if (typeof value === "number") return value;
  if ("valueKind" in value && value.valueKind === "NumericValue") return value.value.asNumber();
  if ("asNumber" in value && typeof value.asNumber === "function") return value.asNumber();
  return undefined;
}

/**
 * The value of x-signing-platform-idempotency, its fields held to the contract's.
 * @param {Program} program @param {HttpOperation} httpOperation
 * @returns {Partial<import("@signing-platform/contract").IdempotencyExtension> | undefined}
 */
export function describeIdempotency(program, httpOperation) {
  const header = headerParameter(httpOperation, program.stateSet(keys.idempotencyKey));
  if (!header) return undefined;
  return {
    header: header.name,
    required: !header.param.optional,
    pattern: getPattern(program, header.param),
    min_length: getMinLength(program, header.param),
    max_length: getMaxLength(program, header.param),
    scope: ["organization", "method", "path"],
  };
}

/**
 * The value of x-signing-platform-pagination, its fields held to the contract's.
 * @param {Program} program @param {HttpOperation} httpOperation
 * @returns {Partial<import("@signing-platform/contract").PaginationExtension> | undefined}
 */
export function describePagination(program, httpOperation) {
  const [paging] = getPagingOperation(program, httpOperation.operation);
  if (!paging) return undefined;
  const queryName = (/** @type {ModelProperty} */ property) =>
    httpOperation.parameters.parameters.find((parameter) => parameter.param === property)?.name ?? property.name;
  const limit = paging.input.pageSize?.property;
  return {
    cursor_parameter: paging.input.continuationToken ? queryName(paging.input.continuationToken.property) : undefined,
    limit_parameter: limit ? queryName(limit) : undefined,
    limit_default: limit ? (numericValue(limit.defaultValue) ?? undefined) : undefined,
    limit_minimum: limit ? getMinValue(program, limit) : undefined,
    limit_maximum: limit ? getMaxValue(program, limit) : undefined,
    items_field: paging.output.pageItems?.property.name,
    next_cursor_field: paging.output.continuationToken?.property.name,
    next_url_field: paging.output.nextLink?.property.name,
  };
}

/**
 * The value of x-signing-platform-conditional-request, its fields held to the contract's.
 * @param {Program} program @param {HttpOperation} httpOperation
 * @returns {Partial<import("@signing-platform/contract").ConditionalRequestExtension> | undefined}
 */
function describeConditionalRequest(program, httpOperation) {
  const header = headerParameter(httpOperation, program.stateSet(keys.entityTagCondition));
  if (!header) return undefined;
  const notModified = responsesByStatus(httpOperation).find(({ status }) => status === 304);
  if (!notModified) return undefined; // the linter's conditional-get rule reports it
  const entityTags = program.stateSet(keys.entityTag);
  const responseHeader = notModified.response.responses
    .flatMap((variant) => Object.entries(variant.headers ?? {}))
    .find(([, property]) => entityTags.has(property))?.[0];
  return { request_header: header.name, response_header: responseHeader, not_modified_status: 304 };
}

/**
 * The catalogue codes an operation's error responses carry, in the catalogue's order. A code
 * carried under another status than its own is the linter's error-catalogue rule to report.
 * @param {Program} program
 * @param {HttpOperation} httpOperation
 * @param {ErrorCatalogue} catalogue
 */
function errorCodesOf(program, httpOperation, catalogue) {
  /** @type {Map<import("@typespec/compiler").Type, UnionVariant[]>} */
  const carried = program.stateMap(keys.carriesCodes);
  /** @type {Set<string>} */
  const codes = new Set();
  for (const { response } of responsesByStatus(httpOperation)) {
    for (const variant of carried.get(response.type) ?? []) {
      const known = catalogue.byVariant.get(variant);
      if (known) codes.add(known.entry.code);
    }
  }
  const order = catalogue.entries.map((entry) => entry.code);
  return [...codes].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/**
 * Called by the TypeSpec compiler once a project that imports the library is checked: builds
 * the catalogue from what the decorators recorded, reports its integrity errors, and writes the
 * `x-signing-platform-*` extensions onto the services and their operations.
 * @example
 * ```tsp
 * // main.tsp: importing the library is what runs it
 * import "@signing-platform/typespec-conventions";
 * ```
 * @param {Program} program
 */
export async function $onValidate(program) {
  const statuses = statusTable(program);
  const catalogue = errorCatalogue(program, statuses);
  const events = eventCatalogue(program);
  const webhooks = program.stateMap(keys.webhook);
  // A project that declares no catalogue (no status table, error code or event type: any
  // TypeSpec project but the platform's own) gets no catalogue extensions. An empty one would
  // say that the API answers no status and no code, and `signing-platform lint` would report
  // every response of the document as outside the status table.
  const declaresCatalogue = statuses.length > 0 || catalogue.entries.length > 0 || events.length > 0;

  for (const [namespace, description] of program.stateMap(keys.mutualTls)) {
    setExtension(program, namespace, EXTENSIONS.mutualTls, { description });
  }

  for (const httpOperation of httpOperations(program)) {
    const operation = httpOperation.operation;
    if (webhooks.has(operation)) {
      setExtension(program, operation, EXTENSIONS.webhook, literalOf(webhooks.get(operation)));
      continue;
    }
    if (declaresCatalogue) {
      const operationId = resolveOperationId(program, operation);
      const codes = errorCodesOf(program, httpOperation, catalogue);
      setExtension(program, operation, EXTENSIONS.errors, codes);
      for (const entry of catalogue.entries) {
        if (codes.includes(entry.code)) entry.operations.push(operationId);
      }
    }

    const idempotency = describeIdempotency(program, httpOperation);
    if (idempotency) setExtension(program, operation, EXTENSIONS.idempotency, idempotency);

    const pagination = describePagination(program, httpOperation);
    if (pagination) setExtension(program, operation, EXTENSIONS.pagination, pagination);

    const conditional = describeConditionalRequest(program, httpOperation);
    if (conditional) setExtension(program, operation, EXTENSIONS.conditionalRequest, conditional);
  }
  if (!declaresCatalogue) return;
  for (const { type: namespace } of listServices(program)) {
    setExtension(program, namespace, EXTENSIONS.catalogue, { errors: catalogue.entries, statuses, events });
  }
}
