// The platform's signature (catalogue.ts) on the contract's portable scheme, with node:crypto.
import type {
  CryptoProvider,
  RawBody,
  SignatureHeaderInput,
  VerifiedSignature,
  VerifyOptions,
  WebhookSecret,
} from "@signing-platform/contract/webhook-signature";
import { webhookSignature } from "../catalogue.js";
import { nodeCryptoProvider } from "../crypto/node-crypto-provider.js";

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
  return webhookSignature.verify(rawBody, signatureHeader, secret, options, crypto);
}
