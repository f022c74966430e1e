import { nodeCryptoProvider } from "../crypto/node-crypto-provider.js";
import type { CryptoProvider } from "../crypto/crypto-provider.js";
import type { SignatureHeaderInput } from "./parse-signature-header.js";
import type { RawBody } from "./raw-body.js";
import {
  anySignatureMatches,
  finishVerification,
  prepareVerification,
  signedParts,
  type VerifiedSignature,
  type VerifyOptions,
  type WebhookSecret,
} from "./verification.js";

/**
 * Checks the signature header against the raw body and returns `t`; throws
 * `WebhookVerificationError` otherwise. Does not parse the body: use `constructEvent` for that.
 */
export function verifySignatureHeader(
  rawBody: RawBody,
  signatureHeader: SignatureHeaderInput,
  secret: WebhookSecret,
  options: VerifyOptions = {},
  crypto: CryptoProvider = nodeCryptoProvider,
): VerifiedSignature {
  const prepared = prepareVerification(rawBody, signatureHeader, secret, options);
  const parts = signedParts(prepared);
  const expected = prepared.secrets.map((key) => crypto.hmacSha256(key, parts));
  return finishVerification(prepared, anySignatureMatches(expected, prepared.header.signatures, crypto.timingSafeEqual));
}
