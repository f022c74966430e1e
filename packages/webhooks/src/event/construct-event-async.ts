// The WebCrypto twin of construct-event.ts, for the `edge` entry: no node:crypto.
import type { SignatureHeaderInput } from "../signature/parse-signature-header.js";
import { rawBodyBytes, type RawBody } from "../signature/raw-body.js";
import type { WebhookSecret } from "../signature/verification.js";
import { verifySignatureHeaderAsync } from "../signature/verify-signature-header-async.js";
import type { ConstructEventOptions } from "./construct-event.js";
import { parseVerifiedBody, validatedEvent } from "./parse-event.js";
import type { VerifiedEvent } from "./verified-event.js";

/** Like `constructEvent`, with the HMAC computed by WebCrypto (edge runtimes). */
export async function constructEventAsync(
  rawBody: RawBody,
  signatureHeader: SignatureHeaderInput,
  secret: WebhookSecret,
  options: ConstructEventOptions & { validate: false },
): Promise<unknown>;
export async function constructEventAsync(
  rawBody: RawBody,
  signatureHeader: SignatureHeaderInput,
  secret: WebhookSecret,
  options?: ConstructEventOptions,
): Promise<VerifiedEvent>;
export async function constructEventAsync(
  rawBody: RawBody,
  signatureHeader: SignatureHeaderInput,
  secret: WebhookSecret,
  options: ConstructEventOptions = {},
): Promise<unknown> {
  await verifySignatureHeaderAsync(rawBody, signatureHeader, secret, options);
  const value = parseVerifiedBody(rawBodyBytes(rawBody));
  return options.validate === false ? value : validatedEvent(value);
}
