// @signing-platform/webhooks: receive Signing Platform webhooks on Node. Other entries:
// `/edge` (WebCrypto only), `/fastify` (the Fastify plugin), `/testing` (sign and generate
// events in tests), `/redis` (shared stores), `/delivery` (the sender).

export * from "./receiving.js";

// Verify a delivery and get a typed event (Events › Signature check), with node:crypto.
export { constructEvent } from "./event/construct-event.js";
export { verifySignatureHeader } from "./signature/verify-signature-header.js";

// The handler: verify, deduplicate, dispatch by type, acknowledge within the sender's 10 s.
export { createWebhookHandler } from "./handler/create-webhook-handler.js";

// The Node adapter, which hands the handler the raw body.
export { toNodeHandler, readRawBody, type NodeAdapterOptions, type NodeWebhookRequest } from "./adapters/node-http.js";

// Crypto providers, for callers that bring their own.
export type { CryptoProvider, MessagePart } from "@signing-platform/contract/webhook-signature";
