// After the signature: bytes → text → JSON → a validated event. Shared by the sync and async
// entry points. No message here quotes the body (it can carry personal data; Errors › Error
// body), which is also why the JSON.parse message, which quotes the text, is dropped.
import { validateEvent } from "@signing-platform/validators";
import { WebhookVerificationError } from "../errors/webhook-verification-error.js";
import { webUtf8Text, type Utf8Text } from "../text/utf8-text.js";
import type { VerifiedEvent } from "./verified-event.js";

/** Parses the verified body without validating it; `utf8Text` decodes bytes (the Node entry passes a faster one). */
export function parseVerifiedBody(body: string | Uint8Array, utf8Text: Utf8Text = webUtf8Text): unknown {
  const text = typeof body === "string" ? body : utf8Text(body);
  if (text === undefined) {
    throw new WebhookVerificationError("invalid_payload", "The signature matches, but the body is not UTF-8 text.");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new WebhookVerificationError("invalid_payload", "The signature matches, but the body is not JSON.");
  }
}

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
