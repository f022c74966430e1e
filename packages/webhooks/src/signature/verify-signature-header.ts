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
 * @example
 * ```ts
 * import { verifySignatureHeader } from "@signing-platform/webhooks";
 * import { signPayload } from "@signing-platform/webhooks/testing";
 *
 * const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
 * const header = signPayload({ payload: '{"id":"evt_1"}', secret });
 * const { timestamp } = verifySignatureHeader('{"id":"evt_1"}', header, [secret, "whsec_previousSecretDuringRotation"]);
 * ```
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
