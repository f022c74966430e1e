// One base class for every error this package throws on purpose, so a
// caller can tell ours from a bug with one `instanceof`. Messages never carry a secret,
// a body or a header value: they end up in logs (interface document › Errors › Error body).

/** A field-level detail, shaped like the interface document's error detail. */
export interface WebhookErrorDetail {
  /** JSON path of the offending value, such as `$.data.object.id`. */
  field: string;
  /** Machine-stable code of the problem. */
  code: string;
  /** What is wrong, for people; never the value. */
  message: string;
}

/** What a `WebhookError` carries besides its code and message. */
export interface WebhookErrorOptions {
  /** The HTTP status a receiver should answer with when this error ends a request. */
  status?: number;
  /** Field-level details, such as the fields of an event that failed validation. */
  details?: readonly WebhookErrorDetail[];
  /** The error this one stands for, kept for a debugger and never put in the message. */
  cause?: unknown;
}

/** Every error this package throws on purpose: a stable `code`, the HTTP status a receiver answers with, and field-level details; messages carry no secret, body or header value. */
export class WebhookError<Code extends string = string> extends Error {
  /** Machine-stable code; branch on this, never on the message. */
  readonly code: Code;
  /** The HTTP status a receiver answers with when this error ends a request. */
  readonly status: number;
  /** Field-level details; empty when there are none. */
  readonly details: readonly WebhookErrorDetail[];

  constructor(code: Code, message: string, options: WebhookErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    const { status = 400, details = [] } = options;
    this.name = new.target.name;
    this.code = code;
    this.status = status;
    this.details = details;
  }
}
