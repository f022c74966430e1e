// The x-signing-platform-* extension contract: each extension's name and the shape of its
// value, typed once for every package and every generated SDK. The spec writes the values
// (spec/lib/src/validate.js and the root extensions of spec/common/), and
// test/spec/extensions.test.ts holds the built document to the names and fields here.

/** Every extension's name. */
export const EXTENSIONS = {
  /** Each operation: the catalogue codes its responses may carry. */
  errors: "x-signing-platform-errors",
  /** POST, PUT and PATCH: the idempotency key they take (IdempotencyExtension). */
  idempotency: "x-signing-platform-idempotency",
  /** List operations: their cursor pagination (PaginationExtension). */
  pagination: "x-signing-platform-pagination",
  /** List operations: how their pages follow one another, where the generator's recognition guesses wrong or not at all (PageShapeExtension). */
  pageShape: "x-signing-platform-page-shape",
  /** Conditional reads: the entity-tag exchange (ConditionalRequestExtension). */
  conditionalRequest: "x-signing-platform-conditional-request",
  /** Each entry of `webhooks`: the event type it delivers. */
  webhook: "x-signing-platform-webhook",
  /** The mutual TLS security scheme. */
  mutualTls: "x-signing-platform-mutual-tls",
  /** Root: the error codes, statuses and event types. */
  catalogue: "x-signing-platform-catalogue",
  /** Root: the limits of the interface document. */
  limits: "x-signing-platform-limits",
  /** Root: the header names (HeadersExtension). */
  headers: "x-signing-platform-headers",
  /** Root: the webhook delivery header names. */
  webhookHeaders: "x-signing-platform-webhook-headers",
} as const;

/** The name of an x-signing-platform-* extension, such as `"x-signing-platform-idempotency"`. */
export type ExtensionName = (typeof EXTENSIONS)[keyof typeof EXTENSIONS];

/** The value of x-signing-platform-idempotency on a POST, PUT or PATCH: the idempotency key it takes (interface document, Idempotency). */
export interface IdempotencyExtension {
  /** The header that carries the key, such as `Idempotency-Key`. */
  readonly header: string;
  /** Whether a request without the key is refused. */
  readonly required: boolean;
  /** The pattern a key must match, as a regular expression. */
  readonly pattern: string;
  /** The shortest key allowed. */
  readonly min_length: number;
  /** The longest key allowed. */
  readonly max_length: number;
  /** What a key is unique within, such as `["organization", "method", "path"]`. */
  readonly scope: readonly string[];
}

/** The value of x-signing-platform-pagination on a list operation: its cursor pagination (Limits › Pagination rules). */
export interface PaginationExtension {
  /** The query parameter that carries the cursor. */
  readonly cursor_parameter: string;
  /** The query parameter that carries the page size. */
  readonly limit_parameter: string;
  /** The page size when none is asked for. */
  readonly limit_default: number;
  /** The smallest page size allowed. */
  readonly limit_minimum: number;
  /** The largest page size allowed. */
  readonly limit_maximum: number;
  /** The field of a page that holds its items. */
  readonly items_field: string;
  /** The field of a page that holds the cursor of the next page; null on the last page. */
  readonly next_cursor_field: string;
  /** The field of a page that holds the URL of the next page; null on the last page. */
  readonly next_url_field: string;
}

/** Where a value sits in a response body: the property names from the body down; `[]` is the body itself. */
export type BodyPath = readonly string[];

/** The next page is asked for with a token the last page gave (the platform's cursor, `page_token`); it ends when the token is null, absent or empty. */
export interface CursorPageShape {
  /** The style's name. */
  readonly style: "cursor";
  /** Where a page holds its items. */
  readonly items: BodyPath;
  /** The query parameter the token is sent in, such as `cursor` or `page_token`. */
  readonly cursor_parameter: string;
  /** Where a page holds the next page's token, such as `["next_cursor"]`. */
  readonly next_cursor: BodyPath;
}

/** Stripe's: the next page starts after the last item's id, while the page says there are more. */
export interface AfterLastItemPageShape {
  /** The style's name. */
  readonly style: "after_last_item";
  /** Where a page holds its items. */
  readonly items: BodyPath;
  /** The query parameter the last item's id is sent in, such as `starting_after`. */
  readonly cursor_parameter: string;
  /** Where a page says whether more follow, such as `["has_more"]`. */
  readonly has_more: BodyPath;
  /** The field of an item that is sent, such as `id`. */
  readonly item_id: string;
}

/** GitHub's: the next page is the URL of the `Link` response header's `rel="next"` (RFC 8288); it ends without one. */
export interface LinkHeaderPageShape {
  /** The style's name. */
  readonly style: "link_header";
  /** Where a page holds its items. */
  readonly items: BodyPath;
}

/** The next page is a URL a page gives (`next`, Twilio's `next_page_uri`, `@odata.nextLink`); it ends when the URL is null, absent or empty. */
export interface NextLinkPageShape {
  /** The style's name. */
  readonly style: "next_link";
  /** Where a page holds its items. */
  readonly items: BodyPath;
  /** Where a page holds the next page's URL, such as `["links", "next"]`. */
  readonly next_link: BodyPath;
}

/** The next page starts where the last one ended; it ends on a page shorter than the limit asked for, an empty one, or at the total. */
export interface OffsetPageShape {
  /** The style's name. */
  readonly style: "offset";
  /** Where a page holds its items. */
  readonly items: BodyPath;
  /** The query parameter of the first item's position, such as `offset`. */
  readonly offset_parameter: string;
  /** The query parameter of the page size, such as `limit`. */
  readonly limit_parameter: string;
  /** Where a page holds the number of items in all, when it does, such as `["total"]`. */
  readonly total?: BodyPath;
}

/** The next page is the next page number; it ends on a page shorter than the page size asked for, or an empty one. */
export interface PageNumberPageShape {
  /** The style's name. */
  readonly style: "page_number";
  /** Where a page holds its items. */
  readonly items: BodyPath;
  /** The query parameter of the page number, such as `page`. */
  readonly page_parameter: string;
  /** The query parameter of the page size, such as `per_page`. */
  readonly size_parameter: string;
  /** The number of the first page, when none is asked for: 1, or the parameter's own default or minimum. */
  readonly first_page: number;
}

/** How a list operation's pages follow one another: one shape per style of the APIs the SDKs page through. */
export type PageShape =
  | CursorPageShape
  | AfterLastItemPageShape
  | LinkHeaderPageShape
  | NextLinkPageShape
  | OffsetPageShape
  | PageNumberPageShape;

/** The value of x-signing-platform-page-shape on a list operation: its page shape, or `false` for an operation the SDKs do not page through. */
export type PageShapeExtension = PageShape | false;

/** The fields of each page shape, by style, and whether each is a name (of a query parameter or an item's field), a body path or a number. */
export const PAGE_SHAPE_FIELDS: {
  readonly [Style in PageShape["style"]]: {
    readonly [Field in Exclude<keyof Extract<PageShape, { style: Style }>, "style">]-?: {
      readonly kind: "name" | "path" | "number";
      readonly optional?: true;
    };
  };
} = {
  cursor: { items: { kind: "path" }, cursor_parameter: { kind: "name" }, next_cursor: { kind: "path" } },
  after_last_item: {
    items: { kind: "path" },
    cursor_parameter: { kind: "name" },
    has_more: { kind: "path" },
    item_id: { kind: "name" },
  },
  link_header: { items: { kind: "path" } },
  next_link: { items: { kind: "path" }, next_link: { kind: "path" } },
  offset: {
    items: { kind: "path" },
    offset_parameter: { kind: "name" },
    limit_parameter: { kind: "name" },
    total: { kind: "path", optional: true },
  },
  page_number: {
    items: { kind: "path" },
    page_parameter: { kind: "name" },
    size_parameter: { kind: "name" },
    first_page: { kind: "number" },
  },
};

/**
 * What is wrong with a value of x-signing-platform-page-shape, in one sentence; undefined when it is a page shape or `false`.
 * @example
 * ```ts
 * import { pageShapeProblem } from "@signing-platform/contract";
 *
 * pageShapeProblem({ style: "next_link", items: ["data"], next_link: ["next"] }); // undefined
 * pageShapeProblem({ style: "next_link", items: ["data"] }); // "next_link needs next_link, a list of property names."
 * ```
 */
export function pageShapeProblem(value: unknown): string | undefined {
  if (value === false) return undefined;
  const styles = Object.keys(PAGE_SHAPE_FIELDS);
  const style = (value as { style?: unknown } | null)?.style;
  if (typeof value !== "object" || value === null || Array.isArray(value) || typeof style !== "string" || !styles.includes(style))
    return `It is false or an object whose style is one of ${styles.join(", ")}.`;
  const fields = PAGE_SHAPE_FIELDS[style as PageShape["style"]] as Record<string, { kind: string; optional?: true }>;
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).find((name) => name !== "style" && !(name in fields));
  if (unknown !== undefined) return `${style} takes no ${unknown}; it takes ${Object.keys(fields).join(", ")}.`;
  for (const [name, { kind, optional }] of Object.entries(fields)) {
    const field = record[name];
    if (field === undefined && optional) continue;
    if (kind === "path" && !(Array.isArray(field) && field.every((part) => typeof part === "string")))
      return `${style} needs ${name}, a list of property names.`;
    if (kind === "name" && !(typeof field === "string" && field.length > 0)) return `${style} needs ${name}, a name.`;
    if (kind === "number" && !Number.isInteger(field)) return `${style} needs ${name}, an integer.`;
  }
  return undefined;
}

/** The value of x-signing-platform-conditional-request on a conditional read: the entity-tag exchange. */
export interface ConditionalRequestExtension {
  /** The request header that carries an entity tag, such as `If-None-Match`. */
  readonly request_header: string;
  /** The response header that carries the entity tag, such as `ETag`. */
  readonly response_header: string;
  /** The status of an answer that the entity tag still matches, such as 304. */
  readonly not_modified_status: number;
}

/** The value of the root x-signing-platform-headers: the name of each header of the conventions. */
export interface HeadersExtension {
  /** The request id header. */
  readonly request_id: string;
  /** The header giving the request quota of the window. */
  readonly rate_limit_limit: string;
  /** The header giving the requests left in the window. */
  readonly rate_limit_remaining: string;
  /** The header giving when the window resets. */
  readonly rate_limit_reset: string;
  /** The header giving how long to wait before retrying. */
  readonly retry_after: string;
  /** The entity tag header. */
  readonly entity_tag: string;
  /** The conditional request header that carries an entity tag. */
  readonly if_none_match: string;
  /** The idempotency key header. */
  readonly idempotency_key: string;
  /** The header that marks a response replayed for a repeated idempotency key. */
  readonly idempotent_replayed: string;
}

/** The value of the root x-signing-platform-webhook-headers: the webhook delivery headers and the signature scheme (Events › Delivery headers). */
export interface WebhookHeadersExtension {
  /** The header that carries the `t=…,v1=…` signature. */
  readonly signature: string;
  /** The header that carries the event type. */
  readonly event: string;
  /** The header that carries the delivery id. */
  readonly delivery: string;
  /** The signature scheme a sender writes and a receiver accepts, such as `v1`. */
  readonly signature_scheme: string;
}

/**
 * The value of the root x-signing-platform-limits: the limits table of the interface document (Limits).
 * A limit the interface document leaves open is the string "not specified by the source".
 */
export interface LimitsExtension {
  /** The sender waits this long for a 2xx, in seconds. */
  readonly webhook_acknowledgement_seconds: number;
  /** How far a webhook timestamp may be from the receiver's clock, either way, in seconds. */
  readonly webhook_timestamp_tolerance_seconds: number;
  /** No delivery attempt later than this after the first, in seconds. */
  readonly webhook_retry_window_seconds: number;
  /** The delays between delivery attempts, in seconds. */
  readonly webhook_retry_schedule_seconds: readonly number[];
  /** How long a receiver remembers an event id, in seconds. */
  readonly webhook_deduplication_window_seconds: number;
  /** The page size when none is asked for. */
  readonly page_size_default: number;
  /** The smallest page size allowed. */
  readonly page_size_minimum: number;
  /** The largest page size allowed. */
  readonly page_size_maximum: number;
  /** The shortest idempotency key allowed. */
  readonly idempotency_key_min_length: number;
  /** The longest idempotency key allowed. */
  readonly idempotency_key_max_length: number;
  /** The pattern an idempotency key must match, as a regular expression. */
  readonly idempotency_key_pattern: string;
  /** How long a response is replayed for a repeated idempotency key, in seconds. */
  readonly idempotency_replay_window_seconds: number;
  /** Further limits, by name: a number, or "not specified by the source". */
  readonly [name: string]: number | string | readonly number[];
}

/** How a client treats a status: not retried, or the condition under which it is (Errors › HTTP statuses). */
export type RetryClass =
  | "no"
  | "not_applicable"
  | "once_after_refresh"
  | "after_retry_after"
  | "with_same_idempotency_key"
  | "with_backoff";

/** One error code of the catalogue (Errors › Error codes). */
export interface CatalogueErrorCode {
  /** The error code, such as `not_found`. */
  readonly code: string;
  /** Its status; null where the interface document gives none (docs/decisions.md#codes-without-a-status). */
  readonly status: number | null;
  /** The status servers answer the code with where the interface document gives none. */
  readonly status_used_by_servers?: number;
  /** Why the status is chosen where the interface document gives none. */
  readonly status_note?: string;
  /** When the code is sent. */
  readonly condition?: string;
  /** How a client retries it; null for a code without a status, as the build writes it. */
  readonly retry?: RetryClass | null;
  /** `interface` for a code of the interface document, `addition` for one the product adds. */
  readonly source?: string;
  /** The operations that may answer with it, by operationId. */
  readonly operations?: readonly string[];
  /** A code a server may send instead, with a message naming this one (Errors › Error codes). */
  readonly fallback_code?: string;
}

/** One HTTP status of the catalogue (Errors › HTTP statuses). */
export interface CatalogueStatus {
  /** The HTTP status. */
  readonly status: number;
  /** What it means. */
  readonly meaning?: string;
  /** How a client retries it. */
  readonly retry: RetryClass;
}

/** One event type of the catalogue (Events › Event types). */
export interface CatalogueEventType {
  /** The event type, such as `certificate.issued`. */
  readonly type: string;
  /** When it is emitted. */
  readonly emitted_when?: string;
}

/** The value of the root x-signing-platform-catalogue: the error codes, statuses and event types. */
export interface CatalogueExtension {
  /** The error codes. */
  readonly errors: readonly CatalogueErrorCode[];
  /** The HTTP statuses and how each is retried. */
  readonly statuses: readonly CatalogueStatus[];
  /** The event types. */
  readonly events: readonly CatalogueEventType[];
}

/** The value of x-signing-platform-mutual-tls on the API: what the mutual TLS credential is (Authentication). */
export interface MutualTlsExtension {
  /** How the client certificate is presented and bound. */
  readonly description: string;
}

/** The fields of each object-valued extension, for checking a document against the types above. */
export const EXTENSION_FIELDS: {
  readonly idempotency: readonly (keyof IdempotencyExtension)[];
  readonly pagination: readonly (keyof PaginationExtension)[];
  readonly conditionalRequest: readonly (keyof ConditionalRequestExtension)[];
  readonly headers: readonly (keyof HeadersExtension)[];
  readonly webhookHeaders: readonly (keyof WebhookHeadersExtension)[];
} = {
  idempotency: ["header", "required", "pattern", "min_length", "max_length", "scope"],
  pagination: [
    "cursor_parameter",
    "limit_parameter",
    "limit_default",
    "limit_minimum",
    "limit_maximum",
    "items_field",
    "next_cursor_field",
    "next_url_field",
  ],
  conditionalRequest: ["request_header", "response_header", "not_modified_status"],
  headers: [
    "request_id",
    "rate_limit_limit",
    "rate_limit_remaining",
    "rate_limit_reset",
    "retry_after",
    "entity_tag",
    "if_none_match",
    "idempotency_key",
    "idempotent_replayed",
  ],
  webhookHeaders: ["signature", "event", "delivery", "signature_scheme"],
};
