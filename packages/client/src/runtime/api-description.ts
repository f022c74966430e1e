// What the client needs to know of one API besides its types: the rules of each operation
// (operations.ts) and the conventions of the whole API — header names, the error catalogue,
// how each status is retried. A document with the x-signing-platform-* extensions states
// them (docs/spec.md, OpenAPI extensions); for any other document they are HTTP's own defaults,
// so a plain OpenAPI document still gets a working client that invents nothing: no
// idempotency keys, no pagination, and retries only where HTTP says a request may be
// repeated.
import { readRootExtensions, type RetryClass } from "@signing-platform/contract";
import { operationsFromOpenApi, type OperationsTable } from "./operations.js";
import type { ResponseSchemasSource } from "./validate/response-check.js";

/** What the error catalogue says of one error code: its status, fallback code and meaning. */
export interface ErrorCodeConvention {
  /** The status the code comes with; null when the API gives none. */
  status: number | null;
  /** A code the server may send instead, with a message naming this one. */
  fallbackCode?: string;
  /** What the code means; a fallback's message may quote it. */
  condition?: string;
}

/** The header names the client reads and writes, from the document's conventions or HTTP's defaults. */
export interface HeaderConventions {
  /** Where the request id is read from, first match wins. */
  requestId: readonly string[];
  /** The header giving the request quota of the current window, when the API sends one. */
  rateLimitLimit?: string;
  /** The header giving the requests left in the current window, when the API sends one. */
  rateLimitRemaining?: string;
  /** The header giving when the current rate-limit window resets, when the API sends one. */
  rateLimitReset?: string;
  /** The header giving how long to wait before retrying (`Retry-After`). */
  retryAfter: string;
  /** The header carrying a response's entity tag (`ETag`). */
  entityTag: string;
  /** The conditional request header sent with a cached entity tag (`If-None-Match`). */
  ifNoneMatch: string;
  /** The idempotency key header; absent when the API has no idempotency convention. */
  idempotencyKey?: string;
  /** The header naming the SDK that sends a request (`User-Agent`); HTTP's, whatever the document says. */
  userAgent: string;
}

/** The conventions of a whole API: header names, idempotency keys, the error catalogue and how each status is retried. */
export interface ApiConventions {
  /** `extensions` when the document states its conventions, `http` for HTTP's defaults. */
  source: "extensions" | "http";
  /** The names of the headers the client reads and writes. */
  headers: HeaderConventions;
  /** Every POST, PUT and PATCH carries an idempotency key, not only operations that declare one. */
  idempotencyKeyOnEveryWrite: boolean;
  /** The pattern an idempotency key must match (a regular expression), when the API states one. */
  idempotencyKeyPattern?: string;
  /** The error catalogue, by code; undefined when the document has none (any code is taken as sent). */
  errorCodes?: Readonly<Record<string, ErrorCodeConvention>>;
  /** How each status is retried; a status not listed is not retried. */
  retryByStatus: Readonly<Record<string, RetryClass>>;
}

/** What the client knows of one API besides its types: the rules of each operation and the API's conventions. */
export interface ApiDescription {
  /** The rules of each operation, by path and lower-case method. */
  operations: OperationsTable;
  /** The conventions of the whole API. */
  conventions: ApiConventions;
  /**
   * The schemas of the success bodies, which `validateResponses` checks bodies against: given,
   * or loaded when first needed (a generated SDK imports its own module of them). Absent, a
   * client cannot validate.
   */
  responseSchemas?: ResponseSchemasSource;
}

/**
 * HTTP's defaults (RFC 9110 §15 and §10.2.3): 408, 429 and 503 ask the client to come back,
 * 502 and 504 are a gateway's failures; 401 is retried once when a new token can be had.
 */
export const HTTP_CONVENTIONS: ApiConventions = Object.freeze({
  source: "http",
  headers: Object.freeze({
    requestId: Object.freeze(["Request-Id", "X-Request-Id"]),
    retryAfter: "Retry-After",
    entityTag: "ETag",
    ifNoneMatch: "If-None-Match",
    userAgent: "User-Agent",
  }),
  idempotencyKeyOnEveryWrite: false,
  retryByStatus: Object.freeze({
    401: "once_after_refresh",
    408: "with_backoff",
    429: "after_retry_after",
    502: "with_backoff",
    503: "after_retry_after",
    504: "with_backoff",
  }),
}) as ApiConventions;

/** The conventions a parsed OpenAPI document states, or HTTP's defaults for what it leaves out. */
export function conventionsFromOpenApi(document: Record<string, unknown>): ApiConventions {
  const { catalogue, headers, limits } = readRootExtensions(document);
  if (!catalogue && !headers) return HTTP_CONVENTIONS;
  const defaults = HTTP_CONVENTIONS.headers;
  const errorCodes: Record<string, ErrorCodeConvention> = {};
  for (const entry of catalogue?.errors ?? []) {
    errorCodes[entry.code] = {
      status: entry.status,
      ...(entry.fallback_code ? { fallbackCode: entry.fallback_code } : {}),
      ...(entry.condition ? { condition: entry.condition } : {}),
    };
  }
  const retryByStatus: Record<string, RetryClass> = catalogue?.statuses
    ? Object.fromEntries(catalogue.statuses.map((entry) => [String(entry.status), entry.retry]))
    : { ...HTTP_CONVENTIONS.retryByStatus };
  return {
    source: "extensions",
    headers: {
      requestId: headers?.request_id ? [headers.request_id] : defaults.requestId,
      ...(headers?.rate_limit_limit ? { rateLimitLimit: headers.rate_limit_limit } : {}),
      ...(headers?.rate_limit_remaining ? { rateLimitRemaining: headers.rate_limit_remaining } : {}),
      ...(headers?.rate_limit_reset ? { rateLimitReset: headers.rate_limit_reset } : {}),
      retryAfter: headers?.retry_after ?? defaults.retryAfter,
      entityTag: headers?.entity_tag ?? defaults.entityTag,
      ifNoneMatch: headers?.if_none_match ?? defaults.ifNoneMatch,
      ...(headers?.idempotency_key ? { idempotencyKey: headers.idempotency_key } : {}),
      userAgent: defaults.userAgent,
    },
    // The API's general rule: with an idempotency header, every write carries a key.
    idempotencyKeyOnEveryWrite: headers?.idempotency_key !== undefined,
    ...(limits?.idempotency_key_pattern ? { idempotencyKeyPattern: limits.idempotency_key_pattern } : {}),
    ...(catalogue?.errors ? { errorCodes } : {}),
    retryByStatus,
  };
}

/** The writes that carry a key where the API's general rule asks for one on every write (Endpoints › General rules). */
const WRITES: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH"]);

/**
 * The idempotency key header a call sends, if any: the one its operation declares, or, for a
 * write, the API's own when its rule is a key on every write. The one place this is decided:
 * the transport, the resource calls and the generator all ask here.
 * @example
 * ```ts
 * import { api, idempotencyKeyHeader } from "@signing-platform/client";
 *
 * idempotencyKeyHeader(api, "POST", "/enrollments"); // "Idempotency-Key"
 * idempotencyKeyHeader(api, "GET", "/certificates"); // undefined
 * ```
 */
export function idempotencyKeyHeader(api: ApiDescription, method: string, path: string): string | undefined {
  const declared = api.operations[path]?.[method.toLowerCase()]?.idempotency;
  if (declared) return declared.header;
  return api.conventions.idempotencyKeyOnEveryWrite && WRITES.has(method.toUpperCase())
    ? api.conventions.headers.idempotencyKey
    : undefined;
}

/**
 * Everything the client reads from a parsed OpenAPI document.
 * @example
 * ```ts
 * import { readFileSync } from "node:fs";
 * import { parse } from "yaml";
 * import { createApiClient, describeApi } from "@signing-platform/client";
 *
 * const api = describeApi(parse(readFileSync("openapi.yaml", "utf8")));
 * const client = createApiClient(api, { baseUrl: "https://api.example.test" });
 * ```
 */
export function describeApi(document: Record<string, unknown>): ApiDescription {
  return {
    operations: operationsFromOpenApi(document as Parameters<typeof operationsFromOpenApi>[0]),
    conventions: conventionsFromOpenApi(document),
  };
}
