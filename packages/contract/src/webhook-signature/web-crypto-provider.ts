// WebCrypto only: this file (and everything of the portable scheme) must not import
// node:crypto, so Cloudflare Workers, Vercel Edge, Deno and generated SDKs can run the verifier.
import type { AsyncCryptoProvider, MessagePart } from "./crypto-provider.js";

const keyCacheLimit = 64;
const encoder = new TextEncoder();

function concatenate(parts: readonly MessagePart[]): Uint8Array {
  const chunks = parts.map((part) => (typeof part === "string" ? encoder.encode(part) : part));
  const length = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  const message = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    message.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return message;
}

/**
 * Constant-time equality for equal-length inputs: every byte is visited and differences are
 * OR-ed together, so the time does not depend on where the first difference is.
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  let difference = 0;
  for (let index = 0; index < a.byteLength; index++) difference |= a[index]! ^ b[index]!;
  return difference === 0;
}

/**
 * A WebCrypto provider over `subtle` (by default `globalThis.crypto.subtle`); keys are imported once per secret.
 * @example
 * ```ts
 * import { createSignatureScheme, createWebCryptoProvider } from "@signing-platform/contract/webhook-signature";
 *
 * const crypto = createWebCryptoProvider();
 * const signature = createSignatureScheme({ header: "Service-Signature", scheme: "v1", toleranceSeconds: 300 });
 * const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
 * const header = await signature.signAsync({ payload: '{"id":"evt_1"}', secret }, crypto);
 * const { timestamp } = await signature.verifyAsync('{"id":"evt_1"}', header, secret, {}, crypto);
 * ```
 */
export function createWebCryptoProvider(subtle: SubtleCrypto = globalThis.crypto.subtle): AsyncCryptoProvider {
  const keys = new Map<string, Promise<CryptoKey>>();
  const keyFor = (secret: string): Promise<CryptoKey> => {
    let key = keys.get(secret);
    if (key === undefined) {
      if (keys.size >= keyCacheLimit) keys.clear();
      key = subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
      keys.set(secret, key);
    }
    return key;
  };
  return {
    async hmacSha256(secret: string, parts: readonly MessagePart[]): Promise<Uint8Array> {
      const signature = await subtle.sign("HMAC", await keyFor(secret), concatenate(parts) as Uint8Array<ArrayBuffer>);
      return new Uint8Array(signature);
    },
    timingSafeEqual: constantTimeEqual,
  };
}

let defaultProvider: AsyncCryptoProvider | undefined;
/** The provider asynchronous signing and verifying use by default, made on first use (globalThis.crypto may be set late in tests). */
export function webCryptoProvider(): AsyncCryptoProvider {
  defaultProvider ??= createWebCryptoProvider();
  return defaultProvider;
}
