// What the Node entry (index.ts) and the edge entry (edge.ts) both export: everything of a
// receiver that does not depend on the crypto or the runtime. Nothing here reaches a `node:`
// module, so the edge entry stays bundleable for a neutral platform.

// The event a receiver gets (Events › Signature check).
export type { ConstructEventOptions } from "./event/construct-event.js";
export { isKnownEvent, type VerifiedEvent } from "./event/verified-event.js";
export type {
  AsyncCryptoProvider,
  RawBody,
  VerifiedSignature,
  VerifyOptions,
  WebhookSecret,
} from "@signing-platform/contract/webhook-signature";

// Errors: one base class, a stable code on each (the contract's portable signature throws them).
export {
  WebhookError,
  WebhookVerificationError,
  type WebhookErrorDetail,
  type WebhookVerificationErrorCode,
} from "@signing-platform/contract/webhook-signature";

// Deduplicate by event id (docs/decisions.md#deduplication-window): claim → complete | release.
export type { DeduplicationClaim, EventDeduplicationStore } from "./dedupe/event-deduplication-store.js";
export { createMemoryEventStore, type MemoryEventStoreOptions } from "./dedupe/memory-event-store.js";

// The handler's types: verify, deduplicate, dispatch by type, acknowledge within the sender's 10 s.
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

// The fetch adapter (Hono, Next.js route handlers, Workers).
export { toFetchHandler, type ExecutionContextLike, type FetchAdapterOptions } from "./adapters/fetch.js";
