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

export type ExtensionName = (typeof EXTENSIONS)[keyof typeof EXTENSIONS];

export interface IdempotencyExtension {
  readonly header: string;
  readonly required: boolean;
  readonly pattern: string;
  readonly min_length: number;
  readonly max_length: number;
  readonly scope: readonly string[];
}

export interface PaginationExtension {
  readonly cursor_parameter: string;
  readonly limit_parameter: string;
  readonly limit_default: number;
  readonly limit_minimum: number;
  readonly limit_maximum: number;
  readonly items_field: string;
  readonly next_cursor_field: string;
  readonly next_url_field: string;
}

export interface ConditionalRequestExtension {
  readonly request_header: string;
  readonly response_header: string;
  readonly not_modified_status: number;
}

export interface HeadersExtension {
  readonly request_id: string;
  readonly rate_limit_limit: string;
  readonly rate_limit_remaining: string;
  readonly rate_limit_reset: string;
  readonly retry_after: string;
  readonly entity_tag: string;
  readonly if_none_match: string;
  readonly idempotency_key: string;
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
