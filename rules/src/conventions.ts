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

export interface ErrorCodeEntry {
  code: string;
  /** null where the interface document gives no status (docs/decisions.md#codes-without-a-status). */
  status: number | null;
  status_used_by_servers?: number;
}

export interface StatusEntry {
  status: number;
  retry: string;
}

export interface HeaderNames {
  request_id: string;
  rate_limit_limit: string;
  rate_limit_remaining: string;
  rate_limit_reset: string;
  retry_after: string;
  entity_tag: string;
  if_none_match: string;
  idempotency_key: string;
}

export interface WebhookHeaderNames {
  signature: string;
  event: string;
  delivery: string;
}

export interface Limits {
  page_size_default: number;
  page_size_minimum: number;
  page_size_maximum: number;
  idempotency_key_min_length: number;
  idempotency_key_max_length: number;
  idempotency_key_pattern: string;
  webhook_retry_schedule_seconds?: number[];
  [name: string]: unknown;
}

export interface Conventions {
  errors: ErrorCodeEntry[];
  statuses: StatusEntry[];
  events: string[];
  headers: HeaderNames;
  webhookHeaders: WebhookHeaderNames;
  limits: Limits;
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

/** The conventions that apply to `document`: its own extensions first, then the package's catalogue. */
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

/** The status a code is answered with: the catalogue's, or the one servers chose where it gives none. */
export function statusOfCode(entry: ErrorCodeEntry): number | null {
  return entry.status ?? entry.status_used_by_servers ?? null;
}

/** The catalogue entry of `code`, if the catalogue has it. */
export function findErrorCode(conventions: Conventions, code: string): ErrorCodeEntry | undefined {
  return conventions.errors.find((entry) => entry.code === code);
}

/** Statuses that the HTTP status table says are retried after Retry-After (429 and 503). */
export function statusesWithRetryAfter(conventions: Conventions): number[] {
  return conventions.statuses.filter((entry) => entry.retry === "after_retry_after").map((entry) => entry.status);
}
