// The facts the rules check against: the error catalogue, the event types, the header names
// and the limits. They are never typed here. They come from the document being linted when it
// carries the x-signing-platform-* root extensions (so a downstream document that embeds its
// own catalogue is judged by it), and otherwise from generated/catalogue.json, which the build
// inlines into dist/ so the packed package carries it.
import {
  readRootExtensions,
  type CatalogueErrorCode,
  type CatalogueExtension,
  type CatalogueStatus,
  type HeadersExtension,
  type LimitsExtension,
  type WebhookHeadersExtension,
} from "@signing-platform/contract";
import packagedCatalogue from "../../generated/catalogue.json" with { type: "json" };

/** The facts the rules check against: from the linted document's x-signing-platform-* extensions, else the package's catalogue. */
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
  /** Where each part was read from, for messages and tests. */
  sources: Record<"catalogue" | "limits" | "headers" | "webhookHeaders", "document" | "package">;
}

const cache = new WeakMap<object, Conventions>();

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
  const fromDocument = readRootExtensions(document);
  // Each list of a catalogue is taken whole (a downstream document may have fewer codes);
  // limits and header names key by key, so a document that overrides one limit keeps the others.
  const packaged = packagedCatalogue as unknown as CatalogueExtension;
  const catalogue = fromDocument.catalogue ?? packaged;
  const limits = {
    ...(packagedCatalogue.limits as unknown as LimitsExtension),
    webhook_retry_schedule_seconds: packagedCatalogue.webhook_retry_schedule_seconds,
    ...fromDocument.limits,
  } as LimitsExtension;
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
export function statusOfCode(entry: CatalogueErrorCode): number | null {
  return entry.status ?? entry.status_used_by_servers ?? null;
}
