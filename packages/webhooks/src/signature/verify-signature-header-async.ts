// The WebCrypto twin of verify-signature-header.ts, for the `edge` entry: no node:crypto.
import type * as Signature from "@signing-platform/contract/webhook-signature";
import { webhookSignature } from "../catalogue.js";

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
export function verifySignatureHeaderAsync(
  rawBody: Signature.RawBody,
  signatureHeader: Signature.SignatureHeaderInput,
  secret: Signature.WebhookSecret,
  options: Signature.VerifyOptions = {},
  crypto?: Signature.AsyncCryptoProvider,
): Promise<Signature.VerifiedSignature> {
  return webhookSignature.verifyAsync(rawBody, signatureHeader, secret, options, crypto);
}
