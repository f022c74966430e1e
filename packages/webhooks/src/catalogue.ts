// The facts this package needs, read from the catalogue of @signing-platform/types (itself
// generated from spec/*.tsp). Nothing here is typed a second time: a change to the spec
// reaches the signer, the verifier and the delivery engine by a rebuild.
import { createSignatureScheme } from "@signing-platform/contract/webhook-signature";
import { eventCatalogue, limits, webhookHeaderNames, webhookRetryScheduleSeconds } from "@signing-platform/types";

/** Names of the three delivery headers (Events › Delivery headers; docs/decisions.md#header-prefix). */
export const signatureHeaderName = webhookHeaderNames.signature;
export const eventHeaderName = webhookHeaderNames.event;
export const deliveryHeaderName = webhookHeaderNames.delivery;
/**
 * The platform's webhook signature: its header, the scheme a sender writes and a receiver
 * accepts (`v1=` items), and Limits › Webhook timestamp tolerance (5 minutes), two-sided
 * (docs/decisions.md#timestamp-tolerance).
 */
export const webhookSignature = createSignatureScheme({
  header: signatureHeaderName,
  scheme: webhookHeaderNames.signature_scheme,
  toleranceSeconds: limits.webhook_timestamp_tolerance_seconds,
});
/** Limits › Webhook acknowledgement time: the sender waits this long for a 2xx. */
export const acknowledgementSeconds: number = limits.webhook_acknowledgement_seconds;
/** docs/decisions.md#deduplication-window: event ids are remembered at least this long (the retry window plus margin). */
export const deduplicationWindowSeconds: number = limits.webhook_deduplication_window_seconds;
/** Limits › Webhook retry window: no attempt later than this after the first; then the endpoint is turned off. */
export const retryWindowSeconds: number = limits.webhook_retry_window_seconds;
/** docs/decisions.md#retry-schedule: the delays between attempts, as one table. */
export const retryScheduleSeconds: readonly number[] = webhookRetryScheduleSeconds;
/** Every event type this version knows, in the order of the interface document. */
export const knownEventTypes: readonly string[] = eventCatalogue.map((entry) => entry.type);
