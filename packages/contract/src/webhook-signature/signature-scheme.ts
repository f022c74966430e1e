// The portable webhook signature (Events › Delivery headers, Events › Signature check;
// docs/decisions.md#signature-header), bound to one document's format. The steps are the same
// for the synchronous and the asynchronous crypto, so both reject exactly the same inputs the
// same way; only the HMAC differs.
import { webCryptoProvider } from "./web-crypto-provider.js";
import type { AsyncCryptoProvider, CryptoProvider } from "./crypto-provider.js";
import type { SignatureHeaderInput } from "./parse-signature-header.js";
import type { RawBody } from "./raw-body.js";
import type { SignatureFormat } from "./signature-format.js";
import { formatSignatureHeader, prepareSignature, type SignPayloadOptions } from "./signature-header.js";
import {
  anySignatureMatches,
  finishVerification,
  prepareVerification,
  signedParts,
  type VerifiedSignature,
  type VerifyOptions,
  type WebhookSecret,
} from "./verification.js";

/** A document's webhook signature: sign and verify with its header, scheme and tolerance. */
export interface SignatureScheme {
  /** The header, scheme and tolerance this scheme was made with. */
  readonly format: SignatureFormat;
  /** Checks the signature header against the raw body with a synchronous `crypto` and returns `t`; throws `WebhookVerificationError` otherwise. */
  verify(
    rawBody: RawBody,
    signatureHeader: SignatureHeaderInput,
    secret: WebhookSecret,
    options: VerifyOptions | undefined,
    crypto: CryptoProvider,
  ): VerifiedSignature;
  /** Like `verify`, on asynchronous crypto: WebCrypto unless another is given. */
  verifyAsync(
    rawBody: RawBody,
    signatureHeader: SignatureHeaderInput,
    secret: WebhookSecret,
    options?: VerifyOptions,
    crypto?: AsyncCryptoProvider,
  ): Promise<VerifiedSignature>;
  /** The signature header value for a body, `t=<seconds>,<scheme>=<hex>[,…]`, one signature per secret, with a synchronous `crypto`. */
  sign(options: SignPayloadOptions, crypto: CryptoProvider): string;
  /** Like `sign`, on asynchronous crypto: WebCrypto unless another is given. */
  signAsync(options: SignPayloadOptions, crypto?: AsyncCryptoProvider): Promise<string>;
}

// A scheme key is written as `<scheme>=` between commas, so it can hold neither.
const schemeKey = /^[A-Za-z0-9_-]+$/;

/** A copy of `format`, or a TypeError: a format comes from code or a catalogue, never from a request. */
function checkedFormat(format: SignatureFormat): SignatureFormat {
  const { header, scheme, toleranceSeconds } = format;
  if (typeof header !== "string" || header.trim() === "") throw new TypeError("format.header must name the signature header.");
  if (typeof scheme !== "string" || !schemeKey.test(scheme) || scheme === "t") {
    throw new TypeError('format.scheme must be a key such as "v1": letters, digits, "_" or "-", and not "t".');
  }
  if (typeof toleranceSeconds !== "number" || !(toleranceSeconds >= 0)) {
    throw new TypeError("format.toleranceSeconds must be a number of seconds, 0 or more.");
  }
  return Object.freeze({ header, scheme, toleranceSeconds });
}

/**
 * The webhook signature of a document whose header, scheme and tolerance are `format`.
 * @example
 * ```ts
 * import { createSignatureScheme } from "@signing-platform/contract/webhook-signature";
 *
 * const signature = createSignatureScheme({ header: "Service-Signature", scheme: "v1", toleranceSeconds: 300 });
 * const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
 * const header = await signature.signAsync({ payload: '{"id":"evt_1"}', secret });
 * const { timestamp } = await signature.verifyAsync('{"id":"evt_1"}', header, secret);
 * ```
 */
export function createSignatureScheme(format: SignatureFormat): SignatureScheme {
  const checked = checkedFormat(format);
  return {
    format: checked,
    verify(rawBody, signatureHeader, secret, options, crypto) {
      const prepared = prepareVerification(checked, rawBody, signatureHeader, secret, options);
      const parts = signedParts(prepared);
      const expected = prepared.secrets.map((key) => crypto.hmacSha256(key, parts));
      return finishVerification(prepared, anySignatureMatches(expected, prepared.header.signatures, crypto.timingSafeEqual));
    },
    async verifyAsync(rawBody, signatureHeader, secret, options, crypto = webCryptoProvider()) {
      const prepared = prepareVerification(checked, rawBody, signatureHeader, secret, options);
      const parts = signedParts(prepared);
      const expected = await Promise.all(prepared.secrets.map((key) => crypto.hmacSha256(key, parts)));
      return finishVerification(prepared, anySignatureMatches(expected, prepared.header.signatures, crypto.timingSafeEqual));
    },
    sign(options, crypto) {
      const { timestamp, secrets, parts } = prepareSignature(options);
      return formatSignatureHeader(
        checked,
        timestamp,
        secrets.map((key) => crypto.hmacSha256(key, parts)),
      );
    },
    async signAsync(options, crypto = webCryptoProvider()) {
      const { timestamp, secrets, parts } = prepareSignature(options);
      return formatSignatureHeader(checked, timestamp, await Promise.all(secrets.map((key) => crypto.hmacSha256(key, parts))));
    },
  };
}
