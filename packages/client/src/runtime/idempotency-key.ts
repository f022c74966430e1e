// Idempotency keys (Errors › Idempotency; docs/decisions.md#idempotency-keys): 32 alphanumeric characters from a
// CSPRNG, made once per logical operation and reused on every retry of it. A hyphenated
// UUID would be rejected by the pattern `^[A-Za-z0-9]{16,128}$`.

/** Fills `bytes` with cryptographically strong random values. */
export type RandomBytes = (bytes: Uint8Array) => Uint8Array;

/** WebCrypto's generator: the same call in Node 20+ and in browsers. */
export const webCryptoRandomBytes: RandomBytes = (bytes) => globalThis.crypto.getRandomValues(bytes);

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
// The largest multiple of 62 that fits in a byte: bytes at or above it are drawn again, so
// every character is equally likely (no modulo bias).
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

export const IDEMPOTENCY_KEY_LENGTH = 32;

export function generateIdempotencyKey(randomBytes: RandomBytes = webCryptoRandomBytes): string {
  let key = "";
  const buffer = new Uint8Array(IDEMPOTENCY_KEY_LENGTH * 2);
  while (key.length < IDEMPOTENCY_KEY_LENGTH) {
    for (const byte of randomBytes(buffer)) {
      if (byte < UNBIASED_LIMIT && key.length < IDEMPOTENCY_KEY_LENGTH) key += ALPHABET[byte % ALPHABET.length];
    }
  }
  return key;
}
