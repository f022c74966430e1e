import type { CryptoProvider } from "../crypto/crypto-provider.js";
import { nodeCryptoProvider } from "../crypto/node-crypto-provider.js";
import { formatSignatureHeader, prepareSignature, type SignPayloadOptions } from "./signature-header.js";

/** The signature header value for a body: `t=<seconds>,v1=<hex>[,v1=<hex>…]`. */
export function signPayload(options: SignPayloadOptions, crypto: CryptoProvider = nodeCryptoProvider): string {
  const { timestamp, secrets, parts } = prepareSignature(options);
  return formatSignatureHeader(
    timestamp,
    secrets.map((secret) => crypto.hmacSha256(secret, parts)),
  );
}
