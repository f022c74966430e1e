// The one way to read the x-signing-platform-* extensions out of a parsed OpenAPI document.
// A reader keeps a value of the right kind (an object, a list of strings, a string) and drops
// anything else, so a hand-written document with a malformed extension reads as one without
// it; the root extensions come back partial, since a downstream document may state only some
// header names or limits, and each reader fills the rest from its own defaults.
import {
  EXTENSIONS,
  type CatalogueExtension,
  type ConditionalRequestExtension,
  type HeadersExtension,
  type IdempotencyExtension,
  type LimitsExtension,
  type PageShapeExtension,
  type PaginationExtension,
  type WebhookHeadersExtension,
} from "./extensions.js";

/** The root extensions a document carries; each is absent when the document has none (or not as an object). */
export interface RootExtensions {
  /** x-signing-platform-catalogue: the error codes, statuses and event types. */
  readonly catalogue?: Partial<CatalogueExtension>;
  /** x-signing-platform-headers: the header names of the API's conventions. */
  readonly headers?: Partial<HeadersExtension>;
  /** x-signing-platform-limits: the limits table. */
  readonly limits?: Partial<LimitsExtension>;
  /** x-signing-platform-webhook-headers: the webhook delivery headers and signature scheme. */
  readonly webhookHeaders?: Partial<WebhookHeadersExtension>;
}

/** The extensions one operation carries; each is absent when the operation has none. */
export interface OperationExtensionValues {
  /** x-signing-platform-errors: the catalogue codes its responses may carry. */
  readonly errors?: readonly string[];
  /** x-signing-platform-idempotency: the idempotency key it takes. */
  readonly idempotency?: IdempotencyExtension;
  /** x-signing-platform-pagination: its cursor pagination. */
  readonly pagination?: PaginationExtension;
  /** x-signing-platform-page-shape: how its pages follow one another, or false for none, as written (pageShapeProblem says what is wrong with it). */
  readonly pageShape?: PageShapeExtension;
  /** x-signing-platform-conditional-request: its entity-tag exchange. */
  readonly conditionalRequest?: ConditionalRequestExtension;
  /** x-signing-platform-webhook, on an entry of `webhooks`: the event type it delivers. */
  readonly webhook?: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function objectAt<T>(node: Record<string, unknown>, name: string): T | undefined {
  const value = node[name];
  return isObject(value) ? (value as T) : undefined;
}

function withoutAbsent<T extends object>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as T;
}

/**
 * The root x-signing-platform-* extensions of a parsed OpenAPI document.
 * @example
 * ```ts
 * import { readRootExtensions } from "@signing-platform/contract";
 *
 * const { headers, limits } = readRootExtensions({
 *   openapi: "3.1.0",
 *   "x-signing-platform-headers": { request_id: "Request-Id" },
 *   "x-signing-platform-limits": { page_size_maximum: 100 },
 * });
 * headers?.request_id; // "Request-Id"
 * limits?.page_size_maximum; // 100
 * ```
 */
export function readRootExtensions(document: unknown): RootExtensions {
  if (!isObject(document)) return {};
  return withoutAbsent({
    catalogue: objectAt<Partial<CatalogueExtension>>(document, EXTENSIONS.catalogue),
    headers: objectAt<Partial<HeadersExtension>>(document, EXTENSIONS.headers),
    limits: objectAt<Partial<LimitsExtension>>(document, EXTENSIONS.limits),
    webhookHeaders: objectAt<Partial<WebhookHeadersExtension>>(document, EXTENSIONS.webhookHeaders),
  });
}

/**
 * The x-signing-platform-* extensions of one operation object (or of an entry of `webhooks`).
 * @example
 * ```ts
 * import { readOperationExtensions } from "@signing-platform/contract";
 *
 * const { errors, idempotency } = readOperationExtensions({
 *   operationId: "createEnrollment",
 *   "x-signing-platform-errors": ["conflict"],
 * });
 * errors; // ["conflict"]
 * idempotency; // undefined
 * ```
 */
export function readOperationExtensions(operation: unknown): OperationExtensionValues {
  if (!isObject(operation)) return {};
  const errors = operation[EXTENSIONS.errors];
  const webhook = operation[EXTENSIONS.webhook];
  return withoutAbsent({
    errors: Array.isArray(errors) ? errors.filter((code): code is string => typeof code === "string") : undefined,
    idempotency: objectAt<IdempotencyExtension>(operation, EXTENSIONS.idempotency),
    pagination: objectAt<PaginationExtension>(operation, EXTENSIONS.pagination),
    pageShape: operation[EXTENSIONS.pageShape] === false ? false : objectAt<PageShapeExtension>(operation, EXTENSIONS.pageShape),
    conditionalRequest: objectAt<ConditionalRequestExtension>(operation, EXTENSIONS.conditionalRequest),
    webhook: typeof webhook === "string" ? webhook : undefined,
  });
}
