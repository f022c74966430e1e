// The default store: one process. It survives an engine being stopped and started again in
// the same process (tests, a dev server); across processes and restarts use the Redis store.
import { randomUUID } from "node:crypto";
import { applyEndpointFailure, type DeliveryStore } from "./delivery-store.js";
import type { AttemptRecord, ClaimedDelivery, DeliveryRecord, EndpointRecord } from "./records.js";

/** Options of {@link createMemoryDeliveryStore}. */
export interface MemoryDeliveryStoreOptions {
  /** Attempts kept per endpoint, newest first (default 1000). */
  maxAttemptsPerEndpoint?: number;
}

// Records are replaced, never changed in place, so a shallow copy is enough to keep callers
// from changing what the store holds (and is far cheaper than a deep clone per attempt).
const copy = <T extends object>(value: T): T => ({ ...value });
const copyEndpoint = (endpoint: EndpointRecord): EndpointRecord => ({ ...endpoint, secrets: endpoint.secrets.map(copy) });

/**
 * The default delivery store: one process; it survives an engine stopped and started in the same process. Across processes and restarts, use the Redis store.
 * @example
 * ```ts
 * import { createDeliveryEngine, createMemoryDeliveryStore } from "@signing-platform/webhooks/delivery";
 *
 * const engine = createDeliveryEngine({ store: createMemoryDeliveryStore({ maxAttemptsPerEndpoint: 100 }) });
 * ```
 */
export function createMemoryDeliveryStore(options: MemoryDeliveryStoreOptions = {}): DeliveryStore {
  const { maxAttemptsPerEndpoint = 1000 } = options;
  const endpoints = new Map<string, EndpointRecord>();
  const deliveries = new Map<string, DeliveryRecord>();
  const pending = new Set<string>();
  const claims = new Map<string, { token: string; until: number }>();
  const attempts = new Map<string, AttemptRecord[]>();

  return {
    async saveEndpoint(endpoint) {
      endpoints.set(endpoint.id, copyEndpoint(endpoint));
    },
    async getEndpoint(id) {
      const endpoint = endpoints.get(id);
      return endpoint ? copyEndpoint(endpoint) : null;
    },
    async listEndpoints() {
      return [...endpoints.values()].map(copyEndpoint);
    },
    async deleteEndpoint(id) {
      attempts.delete(id);
      return endpoints.delete(id);
    },
    async setEndpointEnabled(id, enabled, at) {
      const endpoint = endpoints.get(id);
      if (!endpoint) return null;
      const next: EndpointRecord = enabled
        ? { ...endpoint, enabled: true, disabledReason: null, disabledAt: null, failingSince: null }
        : { ...endpoint, enabled: false, disabledReason: "manual", disabledAt: at };
      endpoints.set(id, next);
      return copyEndpoint(next);
    },
    async recordEndpointSuccess(id, at) {
      const endpoint = endpoints.get(id);
      if (endpoint) endpoints.set(id, { ...endpoint, failingSince: null, lastSuccessAt: at });
    },
    async recordEndpointFailure(id, failure) {
      const endpoint = endpoints.get(id);
      if (!endpoint) return null;
      const next = applyEndpointFailure(endpoint, failure);
      endpoints.set(id, next);
      return copyEndpoint(next);
    },
    async enqueue(records) {
      for (const record of records) {
        deliveries.set(record.id, copy(record));
        if (record.status === "pending") pending.add(record.id);
      }
    },
    async claimDue(now, limit, leaseMs) {
      const claimed: ClaimedDelivery[] = [];
      for (const id of pending) {
        if (claimed.length >= limit) break;
        const delivery = deliveries.get(id)!;
        const claim = claims.get(id);
        if ((delivery.nextAttemptAt ?? Infinity) > now || (claim && claim.until > now)) continue;
        const token = randomUUID();
        claims.set(id, { token, until: now + leaseMs });
        claimed.push({ delivery: copy(delivery), claimToken: token });
      }
      return claimed;
    },
    async finishAttempt(claimToken, delivery) {
      if (claims.get(delivery.id)?.token !== claimToken) return false;
      claims.delete(delivery.id);
      deliveries.set(delivery.id, copy(delivery));
      if (delivery.status === "pending") pending.add(delivery.id);
      else pending.delete(delivery.id);
      return true;
    },
    async getDelivery(id) {
      const delivery = deliveries.get(id);
      return delivery ? copy(delivery) : null;
    },
    async nextDueAt() {
      let earliest: number | null = null;
      for (const id of pending) {
        const claim = claims.get(id);
        const due = Math.max(deliveries.get(id)!.nextAttemptAt ?? Infinity, claim?.until ?? -Infinity);
        if (earliest === null || due < earliest) earliest = due;
      }
      return earliest;
    },
    async recordAttempt(attempt) {
      const list = attempts.get(attempt.endpointId) ?? [];
      list.unshift(copy(attempt));
      if (list.length > maxAttemptsPerEndpoint) list.length = maxAttemptsPerEndpoint;
      attempts.set(attempt.endpointId, list);
    },
    async listAttempts(endpointId, limit) {
      return (attempts.get(endpointId) ?? []).slice(0, limit).map(copy);
    },
  };
}
