// Crypto behind a small provider interface (stripe-node `crypto/`): a sync path for Node
// receivers and senders (node:crypto, which the webhooks package brings), an async WebCrypto
// path for edge runtimes and generated SDKs (web-crypto-provider.ts, here).

/** The message parts are hashed in order, strings as UTF-8, bytes as they are. */
export type MessagePart = string | Uint8Array;

/** The synchronous crypto the receiver and sender sign and verify with (node:crypto by default). */
export interface CryptoProvider {
  /** HMAC-SHA256 keyed with the UTF-8 bytes of `secret` (docs/decisions.md#signing-key: the whole `whsec_…` string). */
  hmacSha256(secret: string, parts: readonly MessagePart[]): Uint8Array;
  /** Compares two byte strings in time independent of where they differ (Signature check 3). */
  timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean;
}

/** The asynchronous crypto of runtimes without node:crypto (WebCrypto): for the `edge` entry. */
export interface AsyncCryptoProvider {
  /** HMAC-SHA256 keyed with the UTF-8 bytes of `secret`, over `parts` in order. */
  hmacSha256(secret: string, parts: readonly MessagePart[]): Promise<Uint8Array>;
  /** Compares two byte strings in time independent of where they differ (Signature check 3). */
  timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean;
}
