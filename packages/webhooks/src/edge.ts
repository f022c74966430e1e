// @signing-platform/webhooks/edge: the receiver on WebCrypto only, for runtimes without
// node:crypto (Cloudflare Workers, Vercel Edge, Deno). Nothing imported here reaches a
// `node:` module; test/edge.test.ts bundles this entry to prove it.

// Verify a delivery and get a typed event.
export { constructEventAsync } from "./event/construct-event-async.js";
export type { ConstructEventOptions } from "./event/construct-event.js";
export { isKnownEvent, type VerifiedEvent } from "./event/verified-event.js";
export { verifySignatureHeaderAsync } from "./signature/verify-signature-header-async.js";
export { signPayloadAsync } from "./signature/sign-payload-async.js";
export type { SignPayloadOptions } from "./signature/signature-header.js";
export type { VerifiedSignature, VerifyOptions, WebhookSecret } from "./signature/verification.js";
export type { RawBody } from "./signature/raw-body.js";

// Errors.
export { WebhookError, type WebhookErrorDetail } from "./errors/webhook-error.js";
export { WebhookVerificationError, type WebhookVerificationErrorCode } from "./errors/webhook-verification-error.js";

// Deduplication and the handler, verifying with WebCrypto.
export type { DeduplicationClaim, EventDeduplicationStore } from "./dedupe/event-deduplication-store.js";
export { createMemoryEventStore, type MemoryEventStoreOptions } from "./dedupe/memory-event-store.js";
export { createWebhookHandler } from "./handler/create-webhook-handler-async.js";
export type {
  WebhookContext,
  WebhookErrorReport,
  WebhookHandler,
  WebhookHandlerOptions,
  WebhookHandlers,
  WebhookResponse,
} from "./handler/webhook-handler.js";

// The fetch adapter (Hono, Next.js route handlers, Workers).
export { toFetchHandler, type ExecutionContextLike, type FetchAdapterOptions } from "./adapters/fetch.js";

// The WebCrypto provider.
export { createWebCryptoProvider } from "./crypto/web-crypto-provider.js";
export type { AsyncCryptoProvider } from "./crypto/crypto-provider.js";
