import {
  parseVerifiedBody,
  type RawBody,
  type SignatureHeaderInput,
  type VerifyOptions,
  type WebhookSecret,
} from "@signing-platform/contract/webhook-signature";
import { verifySignatureHeader } from "../signature/verify-signature-header.js";
import { nodeUtf8Text } from "../text/node-utf8-text.js";
import { validatedEvent } from "./validated-event.js";
import type { VerifiedEvent } from "./verified-event.js";

/** Options of {@link constructEvent}: the signature tolerance, the clock, and whether the body is validated. */
export interface ConstructEventOptions extends VerifyOptions {
  /**
   * Validate the body against the event schemas (default true). With `false` the result is
   * the verified, parsed JSON as `unknown`: for callers that validate it themselves.
   */
  validate?: boolean;
}

/**
 * Verifies the signature of a delivery, then parses and validates its body (Events ›
 * Signature check). Pass the raw body exactly as received. Throws `WebhookVerificationError`
 * only when the delivery is not from the sender or not an event: a bad signature or
 * timestamp, or a body that is not an event envelope. An event of a type this version does
 * not know is returned, typed as `Event`: check `isKnownEvent(event)` before switching on
 * `event.type`, and acknowledge the others.
 * @example
 * ```ts
 * import { constructEvent, isKnownEvent } from "@signing-platform/webhooks";
 * import { generateTestEvent, signPayload } from "@signing-platform/webhooks/testing";
 *
 * const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
 * const rawBody = JSON.stringify(generateTestEvent("signing_request.completed"));
 * const event = constructEvent(rawBody, signPayload({ payload: rawBody, secret }), secret);
 * if (isKnownEvent(event) && event.type === "signing_request.completed") console.log(event.data.object.id);
 * ```
 */
export function constructEvent(
  rawBody: RawBody,
  signatureHeader: SignatureHeaderInput,
  secret: WebhookSecret,
  options: ConstructEventOptions & { validate: false },
): unknown;
/** Verifies the signature of a delivery, then parses and validates its body: the event, known or of a newer type. */
export function constructEvent(
  rawBody: RawBody,
  signatureHeader: SignatureHeaderInput,
  secret: WebhookSecret,
  options?: ConstructEventOptions,
): VerifiedEvent;
export function constructEvent(
  rawBody: RawBody,
  signatureHeader: SignatureHeaderInput,
  secret: WebhookSecret,
  options: ConstructEventOptions = {},
): unknown {
  verifySignatureHeader(rawBody, signatureHeader, secret, options);
  const value = parseVerifiedBody(rawBody, nodeUtf8Text);
  return options.validate === false ? value : validatedEvent(value);
}
