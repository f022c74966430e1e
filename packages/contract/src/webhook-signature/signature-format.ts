// The three facts a webhook signature depends on, which each document declares for itself:
// ours in the catalogue (x-signing-platform-webhook-headers and -limits), an SDK's in the
// document it was generated from. The scheme below is written once and takes them as data.

/** The header, the scheme and the timestamp tolerance of a document's webhook signature. */
export interface SignatureFormat {
  /** The header that carries the signature, such as `Service-Signature`; named in every message. */
  readonly header: string;
  /** The key of a signature item, such as `v1`: a sender writes it, a receiver accepts only it. */
  readonly scheme: string;
  /** The largest distance between `t` and the receiver's clock, either way, in seconds, unless a call says otherwise. */
  readonly toleranceSeconds: number;
}
