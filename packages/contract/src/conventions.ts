// The conventions a document follows: its error catalogue, event types, header names and
// limits, read from its own x-signing-platform-* root extensions (./read-extensions.ts), and
// where it states none, from the platform's catalogue the reader is given (generated/
// catalogue.json, which this package cannot import: the build writes it with this package's
// help). The ruleset judges a document by them, and the diff engine compares two documents'.
import type {
  CatalogueErrorCode,
  CatalogueExtension,
  CatalogueStatus,
  HeadersExtension,
  LimitsExtension,
  WebhookHeadersExtension,
} from "./extensions.js";
import { readRootExtensions } from "./read-extensions.js";

/** The platform's catalogue as the build writes it (generated/catalogue.json): what a document that states no conventions follows. */
export interface PlatformCatalogue extends CatalogueExtension {
  /** The limits table, less the webhook retry schedule: a number, or "not specified by the source". */
  readonly limits: { readonly [name: string]: number | string };
  /** Delays between webhook delivery attempts, in seconds. */
  readonly webhook_retry_schedule_seconds: readonly number[];
  /** The names of the API's headers. */
  readonly headers: HeadersExtension;
  /** The names of the webhook delivery headers. */
  readonly webhook_headers: WebhookHeadersExtension;
}

/** The conventions a document follows: from its x-signing-platform-* extensions, else the platform's catalogue. */
export interface Conventions {
  /** The error catalogue. */
  errors: readonly CatalogueErrorCode[];
  /** The HTTP status table. */
  statuses: readonly CatalogueStatus[];
  /** The event types. */
  events: string[];
  /** The names of the API's headers. */
  headers: HeadersExtension;
  /** The names of the webhook delivery headers. */
  webhookHeaders: WebhookHeadersExtension;
  /** The limits table. */
  limits: LimitsExtension;
  /** Delays between webhook delivery attempts, in seconds. */
  retrySchedule: readonly number[];
  /** Where each part was read from, for messages and tests: the document, or the platform's catalogue the reader was given. */
  sources: Record<"catalogue" | "limits" | "headers" | "webhookHeaders", "document" | "package">;
}

/** Conventions already read, by catalogue and document: a rule or a check reads them once per document. */
const read = new WeakMap<PlatformCatalogue, WeakMap<object, Conventions>>();

/**
 * The conventions `document` follows: its own root extensions first, then `platform`, the catalogue the caller was built with.
 * @example
 * ```ts
 * import { readConventions } from "@signing-platform/contract/conventions";
 * import { catalogue } from "@signing-platform/types";
 *
 * const document = { openapi: "3.1.0", "x-signing-platform-headers": { idempotency_key: "Idem-Key" } };
 * const conventions = readConventions(document, catalogue);
 * conventions.headers.idempotency_key; // "Idem-Key", the document's
 * conventions.headers.request_id; // "Request-Id", the platform's
 * conventions.sources.catalogue; // "package": the document has no catalogue of its own
 * ```
 */
export function readConventions(document: unknown, platform: PlatformCatalogue): Conventions {
  let cache = read.get(platform);
  if (!cache) read.set(platform, (cache = new WeakMap()));
  if (typeof document === "object" && document !== null) {
    const cached = cache.get(document);
    if (cached) return cached;
  }
  const fromDocument = readRootExtensions(document);
  // Each list of a catalogue is taken whole (a downstream document may have fewer codes);
  // limits and header names key by key, so a document that overrides one limit keeps the others.
  const catalogue = fromDocument.catalogue ?? platform;
  const limits = {
    ...platform.limits,
    webhook_retry_schedule_seconds: platform.webhook_retry_schedule_seconds,
    ...fromDocument.limits,
  } as LimitsExtension;
  const conventions: Conventions = {
    errors: catalogue.errors ?? platform.errors,
    statuses: catalogue.statuses ?? platform.statuses,
    events: (catalogue.events ?? platform.events).map((event) => event.type),
    headers: { ...platform.headers, ...fromDocument.headers },
    webhookHeaders: { ...platform.webhook_headers, ...fromDocument.webhookHeaders },
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
 * import { statusOfCode } from "@signing-platform/contract/conventions";
 *
 * statusOfCode({ code: "predecessor_revoked", status: null, status_used_by_servers: 422 }); // 422
 * ```
 */
export function statusOfCode(entry: CatalogueErrorCode): number | null {
  return entry.status ?? entry.status_used_by_servers ?? null;
}
