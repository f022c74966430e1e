// The x-signing-platform-* extension contract: each extension's name and the shape of its
// value, typed once. The spec's conventions library writes them (spec/lib/conventions.js)
// and test/spec/extensions.test.ts holds what it writes to this module. This file is part of
// the client runtime, so every generated SDK carries it; the types package publishes the
// same file (its build copies it), which the server, the rules and the CLI import.

/** Every extension's name. */
export const EXTENSIONS = {
  /** Each operation: the catalogue codes its responses may carry. */
  errors: "x-signing-platform-errors",
  /** POST, PUT and PATCH: the idempotency key they take (IdempotencyExtension). */
  idempotency: "x-signing-platform-idempotency",
  /** List operations: their cursor pagination (PaginationExtension). */
  pagination: "x-signing-platform-pagination",
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

/** The fields of each object-valued extension, for checking a document against the types above. */
export const EXTENSION_FIELDS: {
  readonly idempotency: readonly (keyof IdempotencyExtension)[];
  readonly pagination: readonly (keyof PaginationExtension)[];
  readonly conditionalRequest: readonly (keyof ConditionalRequestExtension)[];
  readonly headers: readonly (keyof HeadersExtension)[];
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
};
