// Everything that can go wrong between "a POST arrived" and "here is a typed event" ends as
// this one class with a stable code, never as a TypeError or a SyntaxError from deep inside.
import { WebhookError, type WebhookErrorOptions } from "./webhook-error.js";

/** Why a delivery was rejected, as `WebhookVerificationError.code`. */
export type WebhookVerificationErrorCode =
  /** No signature header, or an empty one. */
  | "missing_header"
  /** The header breaks docs/decisions.md#signature-header (no or several `t`, non-digit `t`, no usable `v1`). */
  | "malformed_header"
  /** No `v1` matches the body under any of the secrets. */
  | "no_valid_signature"
  /** The signature matches but `t` is more than the tolerance from now, either way (docs/decisions.md#timestamp-tolerance). */
  | "timestamp_out_of_tolerance"
  /** The signature matches but the body is not UTF-8 JSON in the event shape. */
  | "invalid_payload"
  /** The body handed in is not the raw bytes (a parsed object, a number, …). */
  | "body_not_raw"
  /** No secret was configured (an unset environment variable, an empty list). */
  | "missing_secret";

const statusOfCode: Partial<Record<WebhookVerificationErrorCode, number>> = {
  // A configuration fault is the receiver's: a 5xx makes the sender retry once it is fixed.
  missing_secret: 500,
  body_not_raw: 500,
};

/** A delivery that is not from the sender, or not an event. An event of an unknown type is not this. */
export class WebhookVerificationError extends WebhookError<WebhookVerificationErrorCode> {
  constructor(code: WebhookVerificationErrorCode, message: string, options: WebhookErrorOptions = {}) {
    // Everything else is the request's fault (400); the sender records it as a failed attempt.
    super(code, message, { status: statusOfCode[code] ?? 400, ...options });
  }
}
