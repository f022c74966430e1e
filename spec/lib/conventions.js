// @ts-check
// The conventions library of the spec: the JavaScript side of spec/lib/conventions.tsp.
//
// Decorators only record what the spec says. When the spec is compiled, `$onValidate`
// 1. checks the spec against the rules of the interface document that TypeSpec itself
//    cannot express (every catalogue code has a status, an error response carries only
//    codes of its own status, every POST/PUT/PATCH takes an idempotency key, a 304 has no
//    body, every event type has a webhook), failing the build with a diagnostic, and
// 2. writes the machine-readable `x-signing-platform-*` OpenAPI extensions that
//    downstream generators act on. They are derived from the spec, never typed twice.
import {
  createTypeSpecLibrary,
  getDoc,
  getMaxLength,
  getMaxValue,
  getMinLength,
  getMinValue,
  getPagingOperation,
  getPattern,
  listServices,
  paramMessage,
} from "@typespec/compiler";
import { EXTENSIONS } from "@signing-platform/contract";
import { getHttpService } from "@typespec/http";
import { resolveOperationId, setExtension } from "@typespec/openapi";
import { setExtension as setJsonSchemaExtension } from "@typespec/json-schema";

/** @typedef {import("@typespec/compiler").DecoratorContext} DecoratorContext */
/** @typedef {import("@typespec/compiler").Program} Program */
/** @typedef {import("@typespec/compiler").UnionVariant} UnionVariant */
/** @typedef {import("@typespec/compiler").Union} Union */
/** @typedef {import("@typespec/compiler").EnumMember} EnumMember */
/** @typedef {import("@typespec/compiler").ModelProperty} ModelProperty */
/** @typedef {import("@typespec/http").HttpOperation} HttpOperation */
/** @typedef {import("@typespec/http").HttpOperationResponse} HttpOperationResponse */
/** @typedef {{ status: number, meaning: string, retry: string }} StatusRow a status of the HTTP status table and its @retry class */
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

export const $lib = createTypeSpecLibrary({
  name: "signing-platform-conventions",
  diagnostics: {
    "code-without-status": {
      severity: "error",
      messages: {
        default: paramMessage`Error code "${"code"}" declares no status: use @errorStatus, or @errorStatusNotSpecified when the interface document gives none.`,
      },
    },
    "status-without-retry-class": {
      severity: "error",
      messages: {
        default: paramMessage`Error code "${"code"}" has status ${"status"}, which the HTTP status table (with its @retry class) does not list.`,
      },
    },
    "code-under-wrong-status": {
      severity: "error",
      messages: {
        default: paramMessage`Error code "${"code"}" belongs to status ${"expected"} in the catalogue but is carried by a ${"actual"} response.`,
      },
    },
    "missing-idempotency-key": {
      severity: "error",
      messages: {
        default: paramMessage`${"method"} ${"path"} must take the Idempotency-Key header (Endpoints: every POST, PUT and PATCH requires it).`,
      },
    },
    "not-modified-with-body": {
      severity: "error",
      messages: {
        default: paramMessage`${"path"}: a 304 response has no body (Endpoints: GET /certificates/{id}).`,
      },
    },
    "conditional-without-304": {
      severity: "error",
      messages: {
        default: paramMessage`${"path"} accepts If-None-Match but declares no 304 response.`,
      },
    },
    "event-without-webhook": {
      severity: "error",
      messages: {
        default: paramMessage`Event type "${"type"}" has no webhook operation.`,
      },
    },
    "duplicate-webhook": {
      severity: "error",
      messages: {
        default: paramMessage`Event type "${"type"}" has more than one webhook operation.`,
      },
    },
  },
});

const { reportDiagnostic } = $lib;

const keys = {
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

const IDEMPOTENT_METHODS = new Set(["post", "put", "patch"]);

export const $decorators = {
  "SigningPlatform.Conventions": {
    /** @param {DecoratorContext} context @param {EnumMember} target @param {import("@typespec/compiler").EnumValue} policy */
    retry(context, target, policy) {
      context.program.stateMap(keys.retry).set(target, policy.value.name);
    },
    /** @param {DecoratorContext} context @param {UnionVariant} target @param {number} status */
    errorStatus(context, target, status) {
      context.program.stateMap(keys.errorStatus).set(target, status);
    },
    /** @param {DecoratorContext} context @param {UnionVariant} target @param {number} statusUsedByServers */
    errorStatusNotSpecified(context, target, statusUsedByServers) {
      context.program.stateMap(keys.errorStatusNotSpecified).set(target, statusUsedByServers);
    },
    /** @param {DecoratorContext} context @param {UnionVariant} target */
    errorCodeAddition(context, target) {
      context.program.stateSet(keys.errorCodeAddition).add(target);
    },
    /** @param {DecoratorContext} context @param {UnionVariant} target @param {UnionVariant} fallback */
    errorFallback(context, target, fallback) {
      context.program.stateMap(keys.errorFallback).set(target, fallback);
    },
    /** @param {DecoratorContext} context @param {import("@typespec/compiler").Model} target @param {UnionVariant[]} codes */
    carriesCodes(context, target, ...codes) {
      context.program.stateMap(keys.carriesCodes).set(target, codes);
    },
    /** @param {DecoratorContext} context @param {ModelProperty} target */
    idempotencyKey(context, target) {
      context.program.stateSet(keys.idempotencyKey).add(target);
    },
    /** @param {DecoratorContext} context @param {ModelProperty} target */
    entityTagCondition(context, target) {
      context.program.stateSet(keys.entityTagCondition).add(target);
    },
    /** @param {DecoratorContext} context @param {ModelProperty} target */
    entityTag(context, target) {
      context.program.stateSet(keys.entityTag).add(target);
    },
    /** @param {DecoratorContext} context @param {import("@typespec/compiler").Operation} target @param {UnionVariant} eventType */
    webhook(context, target, eventType) {
      context.program.stateMap(keys.webhook).set(target, eventType);
    },
    /** @param {DecoratorContext} context @param {import("@typespec/compiler").Namespace} target @param {string} description */
    mutualTls(context, target, description) {
      context.program.stateMap(keys.mutualTls).set(target, description);
    },
    // `data.object` of an event is the signing request without `client_secret` (Resources ›
    // Event). JSON Schema says "this property must be absent" as `not: {required: [name]}`;
    // both emitters get it from this one decorator.
    /** @param {DecoratorContext} context @param {import("@typespec/compiler").Model} target @param {string} name */
    withoutProperty(context, target, name) {
      // `properties` inside `not` only names the property, so that linters see it defined.
      const schema = { required: [name], properties: { [name]: {} } };
      setExtension(context.program, target, "not", schema);
      setJsonSchemaExtension(context.program, target, "not", schema);
    },
  },
};

/**
 * The string value of a union variant such as `ErrorCode.not_found`.
 * @param {UnionVariant} variant a string-literal variant: a code or an event type
 * @returns {string}
 */
function literalOf(variant) {
  return /** @type {import("@typespec/compiler").StringLiteral} */ (variant.type).value;
}

/**
 * The string-literal variants of a union, in declaration order (the open `string` variant is left out).
 * @param {Union} union
 */
function literalVariants(union) {
  return [...union.variants.values()].filter((variant) => variant.type.kind === "String");
}

/**
 * @param {Program} program
 * @returns {StatusRow[]}
 */
function statusTable(program) {
  const retryByMember = program.stateMap(keys.retry);
  return [...retryByMember.entries()].map(([member, retry]) => ({
    status: /** @type {number} */ (/** @type {EnumMember} */ (member).value), // @retry is on the members of the status enum
    meaning: getDoc(program, member) ?? "",
    retry,
  }));
}

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
 * @param {HttpOperation} httpOperation
 * @param {Set<import("@typespec/compiler").Type>} marker
 */
function headerParameter(httpOperation, marker) {
  return httpOperation.parameters.parameters.find((parameter) => parameter.type === "header" && marker.has(parameter.param));
}

/**
 * The value of x-signing-platform-idempotency, its fields held to the contract's.
 * @param {Program} program @param {HttpOperation} httpOperation
 * @returns {Partial<import("@signing-platform/contract").IdempotencyExtension> | undefined}
 */
function describeIdempotency(program, httpOperation) {
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
function describePagination(program, httpOperation) {
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

/** @param {HttpOperation} httpOperation */
function responsesByStatus(httpOperation) {
  /** @type {Array<{ status: number, response: HttpOperationResponse }>} */
  const rows = [];
  for (const response of httpOperation.responses) {
    const statuses = typeof response.statusCodes === "number" ? [response.statusCodes] : [];
    for (const status of statuses) rows.push({ status, response });
  }
  return rows;
}

/**
 * The value of x-signing-platform-conditional-request, its fields held to the contract's.
 * @param {Program} program @param {HttpOperation} httpOperation @param {string} path
 * @returns {Partial<import("@signing-platform/contract").ConditionalRequestExtension> | undefined}
 */
function describeConditionalRequest(program, httpOperation, path) {
  const header = headerParameter(httpOperation, program.stateSet(keys.entityTagCondition));
  if (!header) return undefined;
  const notModified = responsesByStatus(httpOperation).find(({ status }) => status === 304);
  if (!notModified) {
    reportDiagnostic(program, { code: "conditional-without-304", format: { path }, target: httpOperation.operation });
    return undefined;
  }
  const hasBody = notModified.response.responses.some((variant) => variant.body);
  if (hasBody) {
    reportDiagnostic(program, { code: "not-modified-with-body", format: { path }, target: httpOperation.operation });
  }
  const entityTags = program.stateSet(keys.entityTag);
  const responseHeader = notModified.response.responses
    .flatMap((variant) => Object.entries(variant.headers ?? {}))
    .find(([, property]) => entityTags.has(property))?.[0];
  return { request_header: header.name, response_header: responseHeader, not_modified_status: 304 };
}

/**
 * @param {Program} program
 * @param {HttpOperation} httpOperation
 * @param {ErrorCatalogue} catalogue
 * @param {string} path
 */
function errorCodesOf(program, httpOperation, catalogue, path) {
  /** @type {Map<import("@typespec/compiler").Type, UnionVariant[]>} */
  const carried = program.stateMap(keys.carriesCodes);
  /** @type {Set<string>} */
  const codes = new Set();
  for (const { status, response } of responsesByStatus(httpOperation)) {
    const model = response.type;
    const variants = carried.get(model) ?? [];
    for (const variant of variants) {
      const known = catalogue.byVariant.get(variant);
      if (!known) continue;
      if (known.statusUsedByServers !== status) {
        reportDiagnostic(program, {
          code: "code-under-wrong-status",
          format: { code: known.entry.code, expected: String(known.statusUsedByServers), actual: `${path} ${status}` },
          target: model,
        });
      }
      codes.add(known.entry.code);
    }
  }
  const order = catalogue.entries.map((entry) => entry.code);
  return [...codes].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** @param {Program} program */
export async function $onValidate(program) {
  const statuses = statusTable(program);
  const catalogue = errorCatalogue(program, statuses);
  const events = eventCatalogue(program);
  const webhooks = program.stateMap(keys.webhook);

  for (const [namespace, description] of program.stateMap(keys.mutualTls)) {
    setExtension(program, namespace, EXTENSIONS.mutualTls, { description });
  }

  const operationsSeen = new Set();
  for (const { type: namespace } of listServices(program)) {
    const [service] = getHttpService(program, namespace);
    for (const httpOperation of service.operations) {
      const operation = httpOperation.operation;
      if (operationsSeen.has(operation)) continue;
      operationsSeen.add(operation);
      const path = httpOperation.path;
      if (webhooks.has(operation)) {
        setExtension(program, operation, EXTENSIONS.webhook, literalOf(webhooks.get(operation)));
        continue;
      }
      const operationId = resolveOperationId(program, operation);
      const codes = errorCodesOf(program, httpOperation, catalogue, path);
      setExtension(program, operation, EXTENSIONS.errors, codes);
      for (const entry of catalogue.entries) {
        if (codes.includes(entry.code)) entry.operations.push(operationId);
      }

      const idempotency = describeIdempotency(program, httpOperation);
      if (IDEMPOTENT_METHODS.has(httpOperation.verb) && !idempotency?.required) {
        reportDiagnostic(program, {
          code: "missing-idempotency-key",
          format: { method: httpOperation.verb.toUpperCase(), path },
          target: operation,
        });
      }
      if (idempotency) setExtension(program, operation, EXTENSIONS.idempotency, idempotency);

      const pagination = describePagination(program, httpOperation);
      if (pagination) setExtension(program, operation, EXTENSIONS.pagination, pagination);

      const conditional = describeConditionalRequest(program, httpOperation, path);
      if (conditional) setExtension(program, operation, EXTENSIONS.conditionalRequest, conditional);
    }
    setExtension(program, namespace, EXTENSIONS.catalogue, {
      errors: catalogue.entries,
      statuses,
      events,
    });
  }
}
