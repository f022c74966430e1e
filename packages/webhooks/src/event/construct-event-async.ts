// The WebCrypto twin of construct-event.ts, for the `edge` entry: no node:crypto.
import {
  parseVerifiedBody,
  type RawBody,
  type SignatureHeaderInput,
  type WebhookSecret,
} from "@signing-platform/contract/webhook-signature";
import { verifySignatureHeaderAsync } from "../signature/verify-signature-header-async.js";
import type { ConstructEventOptions } from "./construct-event.js";
import { validatedEvent } from "./validated-event.js";
import type { VerifiedEvent } from "./verified-event.js";

/**
 * Like `constructEvent`, with the HMAC computed by WebCrypto (edge runtimes).
 * @example
 * ```ts
 * import { constructEventAsync, isKnownEvent } from "@signing-platform/webhooks/edge";
 *
 * export async function POST(request: Request): Promise<Response> {
 *   const event = await constructEventAsync(await request.text(), request.headers.get("service-signature"), "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
 *   if (isKnownEvent(event) && event.type === "signing_request.completed") console.log(event.data.object.id);
 *   return new Response(null, { status: 204 });
 * }
 * ```
 */
export async function constructEventAsync(
  rawBody: RawBody,
  signatureHeader: SignatureHeaderInput,
  secret: WebhookSecret,
  options: ConstructEventOptions & { validate: false },
): Promise<unknown>;
/** Like `constructEvent`, with the HMAC computed by WebCrypto: the verified and validated event. */
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
  const value = parseVerifiedBody(rawBody);
  return options.validate === false ? value : validatedEvent(value);
}
