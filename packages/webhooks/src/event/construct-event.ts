import type { WebhookEvent } from "@signing-platform/types";
import type { SignatureHeaderInput } from "../signature/parse-signature-header.js";
import type { RawBody } from "../signature/raw-body.js";
import { rawBodyBytes } from "../signature/raw-body.js";
import type { VerifyOptions, WebhookSecret } from "../signature/verification.js";
import { verifySignatureHeader } from "../signature/verify-signature-header.js";
import { nodeUtf8Text } from "../text/node-utf8-text.js";
import { parseVerifiedBody, validatedEvent } from "./parse-event.js";

export interface ConstructEventOptions extends VerifyOptions {
  /**
   * Validate the body against the event schemas (default true). With `false` the result is
   * the verified, parsed JSON as `unknown`: for callers that validate it themselves.
   */
  validate?: boolean;
}

/**
 * Verifies the signature of a delivery, then parses and validates its body (Events ›
 * Signature check). Pass the raw body exactly as received. Throws `WebhookVerificationError`.
 */
export function constructEvent(
  rawBody: RawBody,
  signatureHeader: SignatureHeaderInput,
  secret: WebhookSecret,
  options: ConstructEventOptions & { validate: false },
): unknown;
export function constructEvent(
  rawBody: RawBody,
  signatureHeader: SignatureHeaderInput,
  secret: WebhookSecret,
  options?: ConstructEventOptions,
): WebhookEvent;
export function constructEvent(
  rawBody: RawBody,
  signatureHeader: SignatureHeaderInput,
  secret: WebhookSecret,
  options: ConstructEventOptions = {},
): unknown {
  verifySignatureHeader(rawBody, signatureHeader, secret, options);
  const value = parseVerifiedBody(rawBodyBytes(rawBody), nodeUtf8Text);
  return options.validate === false ? value : validatedEvent(value);
}
