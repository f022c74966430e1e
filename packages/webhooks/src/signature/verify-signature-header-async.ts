// The WebCrypto twin of verify-signature-header.ts, for the `edge` entry: no node:crypto.
import { webCryptoProvider } from "../crypto/web-crypto-provider.js";
import type { AsyncCryptoProvider } from "../crypto/crypto-provider.js";
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
 * Like `verifySignatureHeader`, on WebCrypto only (Cloudflare Workers, Vercel Edge, Deno, browsers).
 * @example
 * ```ts
 * import { verifySignatureHeaderAsync } from "@signing-platform/webhooks/edge";
 *
 * export async function POST(request: Request): Promise<Response> {
 *   await verifySignatureHeaderAsync(await request.text(), request.headers.get("service-signature"), "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
 *   return new Response(null, { status: 204 });
 * }
 * ```
 */
export async function verifySignatureHeaderAsync(
  rawBody: RawBody,
  signatureHeader: SignatureHeaderInput,
  secret: WebhookSecret,
  options: VerifyOptions = {},
  crypto: AsyncCryptoProvider = webCryptoProvider(),
): Promise<VerifiedSignature> {
  const prepared = prepareVerification(rawBody, signatureHeader, secret, options);
  const parts = signedParts(prepared);
  const expected = await Promise.all(prepared.secrets.map((key) => crypto.hmacSha256(key, parts)));
  return finishVerification(prepared, anySignatureMatches(expected, prepared.header.signatures, crypto.timingSafeEqual));
}
