// After the signature and JSON.parse (the contract's parseVerifiedBody): a validated event.
// Shared by the sync and async entry points. No message here quotes the body (it can carry
// personal data; Errors › Error body): only the fields that failed are named.
import { WebhookVerificationError } from "@signing-platform/contract/webhook-signature";
import { validateEvent } from "@signing-platform/validators";
import type { VerifiedEvent } from "./verified-event.js";

/**
 * Validates a parsed body as an event (Resources › Event; Events › Event types): a known type
 * against its own schema, a newer type against the envelope.
 */
export function validatedEvent(value: unknown): VerifiedEvent {
  const result = validateEvent(value);
  if (!result.ok) {
    const fields = result.errors.map((error) => error.field).join(", ");
    throw new WebhookVerificationError("invalid_payload", `The signature matches, but the body is not a valid event (${fields}).`, {
      details: result.errors.map(({ field, code, message }) => ({ field, code, message })),
    });
  }
  return result.value;
}
