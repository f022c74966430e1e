// @signing-platform/webhooks: receive Signing Platform webhooks on Node. Other entries:
// `/edge` (WebCrypto only), `/fastify` (the Fastify plugin), `/testing` (sign and generate
// events in tests), `/redis` (shared stores), `/delivery` (the sender).

// Verify a delivery and get a typed event (Events › Signature check).
export { constructEvent, type ConstructEventOptions } from "./event/construct-event.js";
export { isKnownEvent, type VerifiedEvent } from "./event/verified-event.js";
export { verifySignatureHeader } from "./signature/verify-signature-header.js";
export type { VerifiedSignature, VerifyOptions, WebhookSecret } from "./signature/verification.js";
export type { RawBody } from "./signature/raw-body.js";

// Errors: one base class, a stable code on each.
export { WebhookError, type WebhookErrorDetail } from "./errors/webhook-error.js";
export { WebhookVerificationError, type WebhookVerificationErrorCode } from "./errors/webhook-verification-error.js";

// Deduplicate by event id (docs/decisions.md#deduplication-window): claim → complete | release.
export type { DeduplicationClaim, EventDeduplicationStore } from "./dedupe/event-deduplication-store.js";
export { createMemoryEventStore, type MemoryEventStoreOptions } from "./dedupe/memory-event-store.js";

// The handler: verify, deduplicate, dispatch by type, acknowledge within the sender's 10 s.
export { createWebhookHandler } from "./handler/create-webhook-handler.js";
export type {
  WebhookContext,
  WebhookErrorPhase,
  WebhookErrorReport,
  WebhookHandler,
  WebhookHandlerOptions,
  WebhookHandlers,
  WebhookRequest,
  WebhookResponse,
} from "./handler/webhook-handler.js";

// Adapters that hand the handler the raw body.
export { toNodeHandler, readRawBody, type NodeAdapterOptions, type NodeWebhookRequest } from "./adapters/node-http.js";
export { toFetchHandler, type ExecutionContextLike, type FetchAdapterOptions } from "./adapters/fetch.js";

// Crypto providers, for callers that bring their own.
export type { AsyncCryptoProvider, CryptoProvider, MessagePart } from "./crypto/crypto-provider.js";
