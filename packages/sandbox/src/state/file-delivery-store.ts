// The webhook delivery store in the file store (file-store.ts): the engine's memory store,
// read back at start (endpoints with their secrets, every delivery, the attempts each
// endpoint lists), with each change written through before the call returns. Claims are
// not kept: after a restart the one engine on this folder takes every pending delivery when
// it is due, including one whose attempt the stop cut short. A delivery that is over and
// that no kept attempt names any more (an endpoint keeps its newest 1000) is dropped at
// start, so the folder does not grow with every event ever sent.
import { createMemoryDeliveryStore, type DeliveryStore } from "@signing-platform/webhooks/delivery";
import type { AttemptRecord, DeliveryRecord, EndpointRecord } from "@signing-platform/webhooks/delivery";
import { type Database, entriesUnder, type Write, type WriteOperation } from "./file-database.js";

const ENDPOINT = "webhooks:endpoint:";
const DELIVERY = "webhooks:delivery:";
const ATTEMPT = "webhooks:attempt:";
// Attempt keys sort by endpoint, then by the order they were recorded in.
const attemptKey = (endpointId: string, sequence: number) => `${ATTEMPT}${endpointId}:${String(sequence).padStart(16, "0")}`;

export async function createFileDeliveryStore(db: Database, write: Write, maxAttemptsPerEndpoint = 1000): Promise<DeliveryStore> {
  const memory = createMemoryDeliveryStore({ maxAttemptsPerEndpoint });
  // The keys of each endpoint's attempts, oldest first: the ones past the limit are deleted.
  const attemptKeys = new Map<string, string[]>();
  let attemptSequence = 0;
  const trimmed: WriteOperation[] = [];
  const keep = (endpointId: string, key: string) => {
    const keys = attemptKeys.get(endpointId) ?? [];
    keys.push(key);
    attemptKeys.set(endpointId, keys);
    const dropped = keys.length > maxAttemptsPerEndpoint ? keys.splice(0, keys.length - maxAttemptsPerEndpoint) : [];
    return dropped.map((old): WriteOperation => ({ type: "del", key: old }));
  };

  const deliveries: DeliveryRecord[] = [];
  for await (const [key, value] of entriesUnder(db, "webhooks:")) {
    if (key.startsWith(ENDPOINT)) await memory.saveEndpoint(JSON.parse(value) as EndpointRecord);
    else if (key.startsWith(DELIVERY)) deliveries.push(JSON.parse(value) as DeliveryRecord);
    else if (key.startsWith(ATTEMPT)) {
      const attempt = JSON.parse(value) as AttemptRecord;
      attemptSequence = Math.max(attemptSequence, Number(key.slice(key.lastIndexOf(":") + 1)) || 0);
      trimmed.push(...keep(attempt.endpointId, key));
      await memory.recordAttempt(attempt);
    }
  }
  // Over, and named by no attempt kept: nothing lists or resends it any more.
  const named = new Set<string>();
  for (const endpointId of attemptKeys.keys())
    for (const attempt of await memory.listAttempts(endpointId, maxAttemptsPerEndpoint)) named.add(attempt.deliveryId);
  const kept = deliveries.filter((delivery) => delivery.status === "pending" || named.has(delivery.id));
  const dropped = deliveries.filter((delivery) => delivery.status !== "pending" && !named.has(delivery.id));
  await memory.enqueue(kept);
  await write([...trimmed, ...dropped.map((delivery): WriteOperation => ({ type: "del", key: DELIVERY + delivery.id }))]);

  const saveEndpoint = async (id: string) => {
    const endpoint = await memory.getEndpoint(id);
    await write([endpoint ? { type: "put", key: ENDPOINT + id, value: JSON.stringify(endpoint) } : { type: "del", key: ENDPOINT + id }]);
    return endpoint;
  };

  return {
    async saveEndpoint(endpoint) {
      await memory.saveEndpoint(endpoint);
      await saveEndpoint(endpoint.id);
    },
    getEndpoint: (id) => memory.getEndpoint(id),
    listEndpoints: () => memory.listEndpoints(),
    async deleteEndpoint(id) {
      const removed = await memory.deleteEndpoint(id);
      const attempts = attemptKeys.get(id) ?? [];
      attemptKeys.delete(id);
      await write([{ type: "del", key: ENDPOINT + id }, ...attempts.map((key): WriteOperation => ({ type: "del", key }))]);
      return removed;
    },
    async setEndpointEnabled(id, enabled, at) {
      const endpoint = await memory.setEndpointEnabled(id, enabled, at);
      if (endpoint) await write([{ type: "put", key: ENDPOINT + id, value: JSON.stringify(endpoint) }]);
      return endpoint;
    },
    async recordEndpointSuccess(id, at) {
      await memory.recordEndpointSuccess(id, at);
      await saveEndpoint(id);
    },
    async recordEndpointFailure(id, failure) {
      const endpoint = await memory.recordEndpointFailure(id, failure);
      if (endpoint) await write([{ type: "put", key: ENDPOINT + id, value: JSON.stringify(endpoint) }]);
      return endpoint;
    },
    async enqueue(records) {
      await memory.enqueue(records);
      await write(records.map((record) => ({ type: "put", key: DELIVERY + record.id, value: JSON.stringify(record) })));
    },
    claimDue: (now, limit, leaseMs) => memory.claimDue(now, limit, leaseMs),
    async finishAttempt(claimToken, delivery) {
      const finished = await memory.finishAttempt(claimToken, delivery);
      if (finished) await write([{ type: "put", key: DELIVERY + delivery.id, value: JSON.stringify(delivery) }]);
      return finished;
    },
    getDelivery: (id) => memory.getDelivery(id),
    nextDueAt: () => memory.nextDueAt(),
    async recordAttempt(attempt) {
      await memory.recordAttempt(attempt);
      const key = attemptKey(attempt.endpointId, ++attemptSequence);
      await write([{ type: "put", key, value: JSON.stringify(attempt) }, ...keep(attempt.endpointId, key)]);
    },
    listAttempts: (endpointId, limit) => memory.listAttempts(endpointId, limit),
  };
}
