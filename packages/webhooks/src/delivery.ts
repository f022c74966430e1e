// @signing-platform/webhooks/delivery: the sender. Signs each event for each endpoint, POSTs
// it, retries on the schedule table for 24 h, turns failing endpoints off, records attempts.

// The engine.
export {
  createDeliveryEngine,
  type AddEndpointOptions,
  type DeliveryEngine,
  type DeliveryEngineOptions,
} from "./delivery/delivery-engine.js";
export type { AttemptRecord, DeliveryRecord, DeliveryStatus, EndpointRecord, EndpointSecret } from "./delivery/records.js";

// The schedule (docs/decisions.md#retry-schedule) as pure functions over the catalogue's table.
export { defaultDeliveryRetrySchedule, nextAttemptAt, retryDelayFor, type DeliveryRetrySchedule } from "./delivery/retry-schedule.js";

// Time, transport, storage and secrets, each replaceable.
export { createManualClock, type Clock, type ManualClock } from "./delivery/clock.js";
export {
  createUndiciTransport,
  type DeliveryRequest,
  type DeliveryResponse,
  type DeliveryTransport,
  type UndiciTransportOptions,
} from "./delivery/transport.js";
export { applyEndpointFailure, type DeliveryStore } from "./delivery/delivery-store.js";
export type { ClaimedDelivery, EndpointFailure } from "./delivery/records.js";
export { createMemoryDeliveryStore, type MemoryDeliveryStoreOptions } from "./delivery/memory-delivery-store.js";
export { generateEndpointSecret } from "./delivery/endpoint-secret.js";

// The event envelope, as every sender builds it.
export { createEvent, type CreateEventOptions } from "./event/create-event.js";

// Signing, as the engine does it.
export { signPayload } from "./signature/sign-payload.js";
export type { SignPayloadOptions } from "@signing-platform/contract/webhook-signature";
