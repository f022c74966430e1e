// After the signature: the verified bytes as text, then JSON (docs/decisions.md#signed-content:
// the bytes as received). No message quotes the body (it can carry personal data; Errors ›
// Error body), which is also why the JSON.parse message, which quotes the text, is dropped.
import { rawBodyBytes, type RawBody } from "./raw-body.js";
import { webUtf8Text, type Utf8Text } from "./utf8-text.js";
import { WebhookVerificationError } from "./webhook-verification-error.js";

/**
 * The verified body (in any shape a raw body arrives in) parsed as JSON, not yet checked against any schema; `utf8Text` decodes bytes (a Node receiver may pass a faster one).
 * Throws `WebhookVerificationError` (`invalid_payload`) when the bytes are not UTF-8 or not JSON.
 * @example
 * ```ts
 * import { createSignatureScheme, parseVerifiedBody } from "@signing-platform/contract/webhook-signature";
 *
 * const signature = createSignatureScheme({ header: "Service-Signature", scheme: "v1", toleranceSeconds: 300 });
 * export async function receive(request: Request, secret: string): Promise<unknown> {
 *   const body = await request.arrayBuffer();
 *   await signature.verifyAsync(body, request.headers.get(signature.format.header), secret);
 *   return parseVerifiedBody(body);
 * }
 * ```
 */
export function parseVerifiedBody(rawBody: RawBody, utf8Text: Utf8Text = webUtf8Text): unknown {
  const body = rawBodyBytes(rawBody);
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
