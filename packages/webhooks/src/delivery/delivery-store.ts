// Where the engine's state lives, so that a delivery is never dropped because a process
// stopped and several engines can share the work.
// Every method that several engines may call at once is atomic in each implementation.
import type { AttemptRecord, ClaimedDelivery, DeliveryRecord, EndpointFailure, EndpointRecord } from "./records.js";

/** Where the delivery engine keeps endpoints, pending deliveries and attempts; each method several engines may call at once is atomic. */
export interface DeliveryStore {
  /** Stores an endpoint, replacing one with the same id. */
  saveEndpoint(endpoint: EndpointRecord): Promise<void>;
  /** The endpoint, or null if unknown. */
  getEndpoint(id: string): Promise<EndpointRecord | null>;
  /** Every endpoint. */
  listEndpoints(): Promise<EndpointRecord[]>;
  /** Removes an endpoint; its pending deliveries are canceled at their next attempt. False if unknown. */
  deleteEndpoint(id: string): Promise<boolean>;
  /** Turns an endpoint on (clearing its failing state) or off by hand. */
  setEndpointEnabled(id: string, enabled: boolean, at: number): Promise<EndpointRecord | null>;
  /** A 2xx arrived: the endpoint is no longer failing. */
  recordEndpointSuccess(id: string, at: number): Promise<void>;
  /** An attempt failed; turns the endpoint off per `failure`. Returns the endpoint after. */
  recordEndpointFailure(id: string, failure: EndpointFailure): Promise<EndpointRecord | null>;

  /** Stores new pending deliveries, due at their `nextAttemptAt`. */
  enqueue(deliveries: readonly DeliveryRecord[]): Promise<void>;
  /**
   * Atomically takes up to `limit` deliveries due at `now` for `leaseMs`: no other caller gets
   * them until the lease lapses (a crashed engine's claims come due again after it).
   */
  claimDue(now: number, limit: number, leaseMs: number): Promise<ClaimedDelivery[]>;
  /** Writes the delivery after an attempt and schedules or retires it; false if the claim was lost. */
  finishAttempt(claimToken: string, delivery: DeliveryRecord): Promise<boolean>;
  /** The delivery, or null if unknown. */
  getDelivery(id: string): Promise<DeliveryRecord | null>;
  /** The earliest `nextAttemptAt` among pending deliveries, or null. */
  nextDueAt(): Promise<number | null>;

  /** Stores one attempt. */
  recordAttempt(attempt: AttemptRecord): Promise<void>;
  /** The endpoint's attempts, newest first. */
  listAttempts(endpointId: string, limit: number): Promise<AttemptRecord[]>;
}

/**
 * The failing-state rule shared by every store (Delivery and retry rules 3; docs/decisions.md#retry-schedule).
 * @example
 * ```ts
 * import { applyEndpointFailure, type EndpointRecord } from "@signing-platform/webhooks/delivery";
 *
 * declare const endpoint: EndpointRecord;
 * const after = applyEndpointFailure(endpoint, { at: Date.now(), windowMs: 24 * 3600_000, exhaustedDeliveryFirstAttemptAt: null });
 * if (!after.enabled) console.warn(`${after.url} turned off: ${after.disabledReason}`);
 * ```
 */
export function applyEndpointFailure(endpoint: EndpointRecord, failure: EndpointFailure): EndpointRecord {
  const failingSince = endpoint.failingSince ?? failure.at;
  const failedForWindow = failure.at - failingSince >= failure.windowMs;
  const failedThroughDelivery = failure.exhaustedDeliveryFirstAttemptAt !== null && failingSince <= failure.exhaustedDeliveryFirstAttemptAt;
  const turnOff = endpoint.enabled && (failedForWindow || failedThroughDelivery);
  return {
    ...endpoint,
    failingSince,
    ...(turnOff ? { enabled: false, disabledReason: "failing" as const, disabledAt: failure.at } : {}),
  };
}
