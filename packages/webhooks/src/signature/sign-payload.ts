// The sender's half of the platform's signature (catalogue.ts) on the contract's portable
// scheme: one `v1` per active secret, so receivers holding either the old or the new secret
// accept it while a secret is rotated (docs/decisions.md#signature-header).
import type { CryptoProvider, SignPayloadOptions } from "@signing-platform/contract/webhook-signature";
import { webhookSignature } from "../catalogue.js";
import { nodeCryptoProvider } from "../crypto/node-crypto-provider.js";

/**
 * The signature header value for a body: `t=<seconds>,v1=<hex>[,v1=<hex>…]`.
 * @example
 * ```ts
 * import { generateTestEvent, signPayload } from "@signing-platform/webhooks/testing";
 *
 * const body = JSON.stringify(generateTestEvent("signing_request.created"));
 * const header = signPayload({ payload: body, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" });
 * await fetch("http://localhost:3000/webhooks", { method: "POST", body, headers: { "service-signature": header } });
 * ```
 */
export function signPayload(options: SignPayloadOptions, crypto: CryptoProvider = nodeCryptoProvider): string {
  return webhookSignature.sign(options, crypto);
}
