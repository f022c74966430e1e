// @signing-platform/webhooks/edge: the receiver on WebCrypto only, for runtimes without
// node:crypto (Cloudflare Workers, Vercel Edge, Deno). Nothing imported here reaches a
// `node:` module; test/edge.test.ts bundles this entry to prove it.

export * from "./receiving.js";

// Verify a delivery and get a typed event, the HMAC computed by WebCrypto.
export { constructEventAsync } from "./event/construct-event-async.js";
export { verifySignatureHeaderAsync } from "./signature/verify-signature-header-async.js";
export { signPayloadAsync } from "./signature/sign-payload-async.js";

// The handler, verifying with WebCrypto.
export { createWebhookHandler } from "./handler/create-webhook-handler-async.js";

// The WebCrypto provider, and what to sign.
export { createWebCryptoProvider, type SignPayloadOptions } from "@signing-platform/contract/webhook-signature";
