import type { CryptoProvider } from "../crypto/crypto-provider.js";
import { nodeCryptoProvider } from "../crypto/node-crypto-provider.js";
import { formatSignatureHeader, prepareSignature, type SignPayloadOptions } from "./signature-header.js";

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
  const { timestamp, secrets, parts } = prepareSignature(options);
  return formatSignatureHeader(
    timestamp,
    secrets.map((secret) => crypto.hmacSha256(secret, parts)),
  );
}
