import { createHash, createHmac, createSecretKey, hash, timingSafeEqual, type KeyObject } from "node:crypto";
import type { CryptoProvider, MessagePart } from "./crypto-provider.js";

// A receiver checks every delivery with the same one or two secrets, so per secret we keep
// both a KeyObject and the RFC 2104 pads. Bounded so a caller that passes ever-new secrets
// cannot grow it without limit.
const keyCacheLimit = 64;
const blockSize = 64;
// Below this size HMAC is computed as RFC 2104 defines it, with two one-shot `crypto.hash`
// calls over precomputed pads: it skips creating an Hmac object, which for a typical event
// costs more than hashing it (measured in bench/webhooks.bench.mjs). Larger bodies are
// streamed into createHmac to avoid copying them.
const oneShotLimit = 16 * 1024;

interface SecretKey {
  key: KeyObject;
  innerPad: Buffer;
  outerPad: Buffer;
}

function secretKey(secret: string): SecretKey {
  let bytes = Buffer.from(secret, "utf8");
  // RFC 2104 § 2: a key longer than the block is hashed first, then zero-padded.
  if (bytes.length > blockSize) bytes = createHash("sha256").update(bytes).digest();
  const innerPad = Buffer.alloc(blockSize, 0x36);
  const outerPad = Buffer.alloc(blockSize, 0x5c);
  for (let index = 0; index < bytes.length; index++) {
    innerPad[index]! ^= bytes[index]!;
    outerPad[index]! ^= bytes[index]!;
  }
  return { key: createSecretKey(Buffer.from(secret, "utf8")), innerPad, outerPad };
}

export function createNodeCryptoProvider(): CryptoProvider {
  const keys = new Map<string, SecretKey>();
  const keyFor = (secret: string): SecretKey => {
    let key = keys.get(secret);
    if (key === undefined) {
      if (keys.size >= keyCacheLimit) keys.clear();
      key = secretKey(secret);
      keys.set(secret, key);
    }
    return key;
  };
  return {
    hmacSha256(secret: string, parts: readonly MessagePart[]): Uint8Array {
      const key = keyFor(secret);
      let length = 0;
      for (const part of parts) length += typeof part === "string" ? Buffer.byteLength(part, "utf8") : part.byteLength;
      if (length > oneShotLimit) {
        const hmac = createHmac("sha256", key.key);
        for (const part of parts) hmac.update(part);
        return hmac.digest();
      }
      const message = Buffer.allocUnsafe(blockSize + length);
      key.innerPad.copy(message, 0);
      let offset = blockSize;
      for (const part of parts) {
        if (typeof part === "string") offset += message.write(part, offset, "utf8");
        else {
          message.set(part, offset);
          offset += part.byteLength;
        }
      }
      const inner = hash("sha256", message, "buffer");
      // The outer message reuses the first 96 bytes of the buffer: pad, then the inner digest.
      const outer = message.length >= blockSize + inner.length ? message.subarray(0, blockSize + inner.length) : Buffer.allocUnsafe(blockSize + inner.length);
      key.outerPad.copy(outer, 0);
      inner.copy(outer, blockSize);
      return hash("sha256", outer, "buffer");
    },
    timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
      return a.byteLength === b.byteLength && timingSafeEqual(a, b);
    },
  };
}

/** The provider the Node entry points use. */
export const nodeCryptoProvider: CryptoProvider = createNodeCryptoProvider();
