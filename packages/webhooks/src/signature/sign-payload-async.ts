// The WebCrypto twin of sign-payload.ts, for the `edge` entry: no node:crypto.
import type { AsyncCryptoProvider } from "../crypto/crypto-provider.js";
import { webCryptoProvider } from "../crypto/web-crypto-provider.js";
import { formatSignatureHeader, prepareSignature, type SignPayloadOptions } from "./signature-header.js";

/**
 * Like `signPayload`, on WebCrypto.
 * @example
 * ```ts
 * import { signPayloadAsync } from "@signing-platform/webhooks/edge";
 *
 * const header = await signPayloadAsync({ payload: '{"id":"evt_1"}', secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" });
 * ```
 */
export async function signPayloadAsync(options: SignPayloadOptions, crypto: AsyncCryptoProvider = webCryptoProvider()): Promise<string> {
  const { timestamp, secrets, parts } = prepareSignature(options);
  return formatSignatureHeader(timestamp, await Promise.all(secrets.map((secret) => crypto.hmacSha256(secret, parts))));
}
