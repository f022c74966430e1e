// The WebCrypto twin of sign-payload.ts, for the `edge` entry: no node:crypto.
import type { AsyncCryptoProvider, SignPayloadOptions } from "@signing-platform/contract/webhook-signature";
import { webhookSignature } from "../catalogue.js";

/**
 * Like `signPayload`, on WebCrypto.
 * @example
 * ```ts
 * import { signPayloadAsync } from "@signing-platform/webhooks/edge";
 *
 * const header = await signPayloadAsync({ payload: '{"id":"evt_1"}', secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" });
 * ```
 */
export function signPayloadAsync(options: SignPayloadOptions, crypto?: AsyncCryptoProvider): Promise<string> {
  return webhookSignature.signAsync(options, crypto);
}
