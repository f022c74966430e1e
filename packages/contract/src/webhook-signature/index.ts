// @signing-platform/contract/webhook-signature: the portable webhook signature, WebCrypto only
// and with no import outside this folder, so the webhooks package and every generated SDK run
// the same code: one signs and verifies with the platform's format, the other with its
// document's.

export { createSignatureScheme, type SignatureScheme } from "./signature-scheme.js";
export type { SignatureFormat } from "./signature-format.js";
export type { SignatureHeaderInput } from "./parse-signature-header.js";
export type { RawBody } from "./raw-body.js";
export type { SignPayloadOptions } from "./signature-header.js";
export type { VerifiedSignature, VerifyOptions, WebhookSecret } from "./verification.js";
export { parseVerifiedBody } from "./verified-body.js";
export { webUtf8Text, type Utf8Text } from "./utf8-text.js";

// Errors: one base class, a stable code on each.
export { WebhookError, type WebhookErrorDetail, type WebhookErrorOptions } from "./webhook-error.js";
export { WebhookVerificationError, type WebhookVerificationErrorCode } from "./webhook-verification-error.js";

// Crypto behind a provider, WebCrypto by default.
export type { AsyncCryptoProvider, CryptoProvider, MessagePart } from "./crypto-provider.js";
export { createWebCryptoProvider } from "./web-crypto-provider.js";
