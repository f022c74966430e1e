// The facts the rules check against: the error catalogue, the event types, the header names
// and the limits. They are never typed here. They come from the document being linted when it
// carries the x-signing-platform-* root extensions (so a downstream document that embeds its
// own catalogue is judged by it), and otherwise from generated/catalogue.json, which the build
// inlines into dist/ so the packed package carries it.
import { EXTENSIONS } from "@signing-platform/types";
import packagedCatalogue from "../../generated/catalogue.json" with { type: "json" };

/** The root extensions `npm run build` writes into generated/openapi.yaml (names: the types package's EXTENSIONS). */
export const ROOT_EXTENSIONS = {
  catalogue: EXTENSIONS.catalogue,
  limits: EXTENSIONS.limits,
  headers: EXTENSIONS.headers,
  webhookHeaders: EXTENSIONS.webhookHeaders,
} as const;

/** The per-operation extensions. */
export const OPERATION_EXTENSIONS = {
  errors: EXTENSIONS.errors,
  idempotency: EXTENSIONS.idempotency,
  pagination: EXTENSIONS.pagination,
} as const;

/** One entry of the error catalogue, as the rules read it. */
export interface ErrorCodeEntry {
  /** The error code. */
  code: string;
  /** null where the interface document gives no status (docs/decisions.md#codes-without-a-status). */
  status: number | null;
  /** The status servers answer the code with where the interface document gives none. */
  status_used_by_servers?: number;
}

/** One entry of the HTTP status table, as the rules read it. */
export interface StatusEntry {
  /** The HTTP status. */
  status: number;
  /** How a client retries it, such as `after_retry_after` or `no`. */
  retry: string;
}

/** The names of the headers on API requests and responses. */
export interface HeaderNames {
  /** The request id header. */
  request_id: string;
  /** The header giving the request quota of the window. */
  rate_limit_limit: string;
  /** The header giving the requests left in the window. */
  rate_limit_remaining: string;
  /** The header giving when the window resets. */
  rate_limit_reset: string;
  /** The header giving how long to wait before retrying. */
  retry_after: string;
  /** The entity tag header. */
  entity_tag: string;
  /** The conditional request header that carries an entity tag. */
  if_none_match: string;
  /** The idempotency key header. */
  idempotency_key: string;
}

/** The names of the webhook delivery headers. */
export interface WebhookHeaderNames {
  /** The signature header. */
  signature: string;
  /** The event type header. */
  event: string;
  /** The delivery id header. */
  delivery: string;
}

/** The limits table, as the rules read it. */
export interface Limits {
  /** The page size when none is asked for. */
  page_size_default: number;
  /** The smallest page size allowed. */
  page_size_minimum: number;
  /** The largest page size allowed. */
  page_size_maximum: number;
  /** The shortest idempotency key allowed. */
  idempotency_key_min_length: number;
  /** The longest idempotency key allowed. */
  idempotency_key_max_length: number;
  /** The pattern an idempotency key must match. */
  idempotency_key_pattern: string;
  /** Delays between webhook delivery attempts, in seconds. */
  webhook_retry_schedule_seconds?: number[];
  /** Further limits, by name. */
  [name: string]: unknown;
}

/** The facts the rules check against: from the linted document's x-signing-platform-* extensions, else the package's catalogue. */
export interface Conventions {
  /** The error catalogue. */
  errors: ErrorCodeEntry[];
  /** The HTTP status table. */
  statuses: StatusEntry[];
  /** The event types. */
  events: string[];
  /** The names of the API's headers. */
  headers: HeaderNames;
  /** The names of the webhook delivery headers. */
  webhookHeaders: WebhookHeaderNames;
  /** The limits table. */
  limits: Limits;
  /** Delays between webhook delivery attempts, in seconds. */
  retrySchedule: number[];
  /** Where each part was read from, for messages and tests. */
  sources: Record<keyof typeof ROOT_EXTENSIONS, "document" | "package">;
}

interface CatalogueShape {
  errors: ErrorCodeEntry[];
  statuses: StatusEntry[];
  events: { type: string }[];
}

const cache = new WeakMap<object, Conventions>();

function extension<T>(document: unknown, name: string): T | undefined {
  if (typeof document !== "object" || document === null) return undefined;
  const value = (document as Record<string, unknown>)[name];
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as T) : undefined;
}

/**
 * The conventions that apply to `document`: its own extensions first, then the package's catalogue.
 * @example
 * ```ts
 * import { readFileSync } from "node:fs";
 * import { parse } from "yaml";
 * import { readConventions } from "@signing-platform/rules/conventions";
 *
 * const conventions = readConventions(parse(readFileSync("openapi.yaml", "utf8")));
 * console.log(conventions.headers.idempotency_key, conventions.sources.catalogue);
 * ```
 */
export function readConventions(document: unknown): Conventions {
  if (typeof document === "object" && document !== null) {
    const cached = cache.get(document);
    if (cached) return cached;
  }
  const fromDocument = {
    catalogue: extension<CatalogueShape>(document, ROOT_EXTENSIONS.catalogue),
    limits: extension<Limits>(document, ROOT_EXTENSIONS.limits),
    headers: extension<HeaderNames>(document, ROOT_EXTENSIONS.headers),
    webhookHeaders: extension<WebhookHeaderNames>(document, ROOT_EXTENSIONS.webhookHeaders),
  };
  // Each list of a catalogue is taken whole (a downstream document may have fewer codes);
  // limits and header names key by key, so a document that overrides one limit keeps the others.
  const packaged = packagedCatalogue as unknown as CatalogueShape;
  const catalogue = fromDocument.catalogue ?? packaged;
  const limits: Limits = {
    ...(packagedCatalogue.limits as unknown as Limits),
    webhook_retry_schedule_seconds: packagedCatalogue.webhook_retry_schedule_seconds,
    ...fromDocument.limits,
  };
  const conventions: Conventions = {
    errors: catalogue.errors ?? packaged.errors,
    statuses: catalogue.statuses ?? packaged.statuses,
    events: (catalogue.events ?? packaged.events).map((event) => event.type),
    headers: { ...packagedCatalogue.headers, ...fromDocument.headers },
    webhookHeaders: { ...packagedCatalogue.webhook_headers, ...fromDocument.webhookHeaders },
    limits,
    retrySchedule: limits.webhook_retry_schedule_seconds ?? [],
    sources: {
      catalogue: fromDocument.catalogue ? "document" : "package",
      limits: fromDocument.limits ? "document" : "package",
      headers: fromDocument.headers ? "document" : "package",
      webhookHeaders: fromDocument.webhookHeaders ? "document" : "package",
    },
  };
  if (typeof document === "object" && document !== null) cache.set(document, conventions);
  return conventions;
}

/**
 * The status a code is answered with: the catalogue's, or the one servers chose where it gives none.
 * @example
 * ```ts
 * import { statusOfCode } from "@signing-platform/rules/conventions";
 *
 * statusOfCode({ code: "predecessor_revoked", status: null, status_used_by_servers: 422 }); // 422
 * ```
 */
export function statusOfCode(entry: ErrorCodeEntry): number | null {
  return entry.status ?? entry.status_used_by_servers ?? null;
}

/**
 * The catalogue entry of `code`, if the catalogue has it.
 * @example
 * ```ts
 * import { findErrorCode, readConventions } from "@signing-platform/rules/conventions";
 *
 * findErrorCode(readConventions(undefined), "not_found")?.status; // 404
 * ```
 */
export function findErrorCode(conventions: Conventions, code: string): ErrorCodeEntry | undefined {
  return conventions.errors.find((entry) => entry.code === code);
}

/**
 * Statuses that the HTTP status table says are retried after Retry-After (429 and 503).
 * @example
 * ```ts
 * import { readConventions, statusesWithRetryAfter } from "@signing-platform/rules/conventions";
 *
 * statusesWithRetryAfter(readConventions(undefined)); // [429, 503]
 * ```
 */
export function statusesWithRetryAfter(conventions: Conventions): number[] {
  return conventions.statuses.filter((entry) => entry.retry === "after_retry_after").map((entry) => entry.status);
}
