// The sender: signs and POSTs each event to each endpoint, retries failed
// attempts on the schedule table for at most 24 h after the first, turns off endpoints that
// fail for the retry window, and records every attempt. The schedule lives in a store, so a
// restarted engine (or another one) carries on with what was pending. This file keeps the
// endpoints and publishes events; one attempt is attempt.ts, the queue's workers worker-pool.ts.
import type { Event } from "@signing-platform/types";
import { createEvent } from "../event/create-event.js";
import { acknowledgementSeconds } from "../catalogue.js";
import { createAttempter } from "./attempt.js";
import { systemClock, type Clock } from "./clock.js";
import type { DeliveryStore } from "./delivery-store.js";
import { generateEndpointSecret } from "./endpoint-secret.js";
import { createMemoryDeliveryStore } from "./memory-delivery-store.js";
import type { AttemptRecord, DeliveryRecord, EndpointRecord } from "./records.js";
import { defaultDeliveryRetrySchedule, type DeliveryRetrySchedule } from "./retry-schedule.js";
import { createUndiciTransport, type DeliveryTransport } from "./transport.js";
import { createWorkerPool } from "./worker-pool.js";
import { randomId } from "./random-id.js";

/** Options of {@link createDeliveryEngine}: where state lives, the clock, the transport, the retry schedule and concurrency. */
export interface DeliveryEngineOptions {
  /** Endpoints, pending deliveries and attempts. Default: in memory (one process). */
  store?: DeliveryStore;
  /** Default: the system clock. Tests pass a manual one. */
  clock?: Clock;
  /** Default: undici with keep-alive. */
  transport?: DeliveryTransport;
  /** Hard deadline of one attempt (default: the catalogue's 10 s acknowledgement time). */
  timeoutMs?: number;
  /** Default: the catalogue's schedule table and 24-hour window (docs/decisions.md#retry-schedule). */
  retrySchedule?: DeliveryRetrySchedule;
  /** Attempts in flight at once (default 16). */
  concurrency?: number;
  /** Deliveries claimed at a time (default: `concurrency`). */
  batchSize?: number;
  /** How often `start()` looks for due deliveries when idle (default 1 s). */
  pollIntervalMs?: number;
  /** How long a rotated-out secret still signs, so receivers can switch (default 24 h). */
  rotationGraceSeconds?: number;
  /** Called with every attempt once recorded (for metrics and logs; holds no secret). */
  onAttempt?: (attempt: AttemptRecord) => void;
  /** Called when a round fails (the store is down, …); the loop goes on. */
  onError?: (error: unknown) => void;
  /** `User-Agent` of every attempt. */
  userAgent?: string;
}

/** Options of `addEndpoint`: the endpoint's URL, whose events it receives, its id and secret. */
export interface AddEndpointOptions {
  /** The URL deliveries are POSTed to. */
  url: string;
  /** Whose events it receives (an organization id); default: every published event. */
  owner?: string;
  /** Default: `we_` and random hex. */
  id?: string;
  /** Default: a new `whsec_…` secret (docs/decisions.md#signing-key). */
  secret?: string;
}

/** The webhook sender: endpoints, publishing events, and attempts on the retry schedule (interface document, Events › Delivery and retry rules). */
export interface DeliveryEngine {
  /** Registers an endpoint; the secret is returned here once, as the console shows it once. */
  addEndpoint(options: AddEndpointOptions): Promise<{ endpoint: EndpointRecord; secret: string }>;
  /** A new secret; the old ones keep signing for the grace period, so both verify meanwhile. */
  rotateSecret(endpointId: string): Promise<{ secret: string }>;
  /** Turns an endpoint on again, clearing its failing state; null if unknown. */
  enableEndpoint(endpointId: string): Promise<EndpointRecord | null>;
  /** Turns an endpoint off by hand: its pending deliveries are canceled; null if unknown. */
  disableEndpoint(endpointId: string): Promise<EndpointRecord | null>;
  /** The endpoint, or null if unknown. */
  getEndpoint(endpointId: string): Promise<EndpointRecord | null>;
  /** Every endpoint, or those of one owner. */
  listEndpoints(filter?: { owner?: string }): Promise<EndpointRecord[]>;
  /** Removes an endpoint: nothing more is sent to it. False if unknown. */
  removeEndpoint(endpointId: string): Promise<boolean>;
  /**
   * One delivery per enabled endpoint (of `owner` when given, plus the endpoints that take
   * every event), due now. The body is serialised once and sent as is on every attempt.
   */
  publish(event: Event, options?: { owner?: string }): Promise<DeliveryRecord[]>;
  /**
   * "Send test": a `ping` event to one endpoint, attempted at once and retried like any
   * other if it fails; resolves to its first attempt (null if the endpoint is unknown or off).
   */
  ping(endpointId: string): Promise<AttemptRecord | null>;
  /**
   * "Resend": the event of a delivery, delivered again to its endpoint as a new delivery due
   * now (same event id and body, so a receiver deduplicates it; a new Service-Delivery).
   * Null if the delivery or its endpoint is unknown.
   */
  resend(deliveryId: string): Promise<DeliveryRecord | null>;
  /** Attempts everything due now, until nothing is; resolves to the number of attempts made. */
  runDue(): Promise<number>;
  /** When the earliest pending delivery is due (ms), or null. */
  nextDueAt(): Promise<number | null>;
  /** The delivery, or null if unknown. */
  getDelivery(deliveryId: string): Promise<DeliveryRecord | null>;
  /** The endpoint's attempts, newest first (what a console lists). */
  listAttempts(endpointId: string, limit?: number): Promise<AttemptRecord[]>;
  /** Runs `runDue` in the background until `stop()`. */
  start(): void;
  /** Stops the loop and waits for attempts in flight. */
  stop(): Promise<void>;
}

/**
 * A delivery engine: signs each published event for each endpoint with every active secret, POSTs the exact body, retries on the schedule table for 24 hours, turns failing endpoints off and records every attempt.
 * @example
 * ```ts
 * import { createDeliveryEngine, createEvent } from "@signing-platform/webhooks/delivery";
 *
 * const engine = createDeliveryEngine();
 * const { secret } = await engine.addEndpoint({ url: "https://example.com/webhooks" }); // shown once: give it to the receiver
 * await engine.publish(createEvent("ping", {}, { id: "evt_1", createdAt: new Date() }));
 * engine.start();
 * ```
 */
export function createDeliveryEngine(options: DeliveryEngineOptions = {}): DeliveryEngine {
  const {
    store = createMemoryDeliveryStore(),
    clock = systemClock,
    transport = createUndiciTransport(),
    timeoutMs = acknowledgementSeconds * 1000,
    retrySchedule = defaultDeliveryRetrySchedule,
    concurrency = 16,
    batchSize = concurrency,
    pollIntervalMs = 1000,
    rotationGraceSeconds = 24 * 3600,
    onAttempt = () => {},
    onError = () => {},
    userAgent = "signing-platform-webhooks/0.1",
  } = options;
  // A claim must outlive the wait in the local queue plus the slowest attempt, or another
  // engine could send it again meanwhile: a claimed delivery waits at most
  // ceil(batchSize / concurrency) attempts before its own.
  const leaseMs = timeoutMs * (Math.ceil(batchSize / concurrency) + 2) + 5000;

  const makeAttempt = createAttempter({ store, clock, transport, retrySchedule, timeoutMs, userAgent });

  /** Attempts a claimed delivery and hands the claim back with the delivery as it is after. */
  async function attemptDelivery(delivery: DeliveryRecord, claimToken: string): Promise<AttemptRecord | null> {
    const { attempt, after } = await makeAttempt(delivery);
    await store.finishAttempt(claimToken, after);
    if (attempt) onAttempt(attempt);
    return attempt;
  }

  const pool = createWorkerPool({ store, clock, concurrency, batchSize, leaseMs, pollIntervalMs, attemptDelivery, onError });
  const wake = pool.wake;

  /** A delivery of an event's exact body to one endpoint, due now. */
  function deliveryOf(event: { id: string; type: string }, body: string, endpoint: EndpointRecord): DeliveryRecord {
    const now = clock.now();
    return {
      id: randomId("dlv"),
      eventId: event.id,
      eventType: event.type,
      endpointId: endpoint.id,
      body,
      status: "pending",
      attempts: 0,
      createdAt: now,
      firstAttemptAt: null,
      lastAttemptAt: null,
      nextAttemptAt: now,
    };
  }

  function newDeliveries(event: Event, endpoints: readonly EndpointRecord[]): DeliveryRecord[] {
    const body = JSON.stringify(event);
    return endpoints.map((endpoint) => deliveryOf(event, body, endpoint));
  }

  async function createDeliveries(event: Event, endpoints: readonly EndpointRecord[]): Promise<DeliveryRecord[]> {
    const records = newDeliveries(event, endpoints);
    await store.enqueue(records);
    wake();
    return records;
  }

  return {
    async addEndpoint({ url, owner, id = randomId("we"), secret = generateEndpointSecret() }) {
      const now = clock.now();
      const endpoint: EndpointRecord = {
        id,
        owner: owner ?? null,
        url,
        secrets: [{ secret, expiresAt: null }],
        enabled: true,
        disabledReason: null,
        disabledAt: null,
        failingSince: null,
        lastSuccessAt: null,
        createdAt: now,
      };
      await store.saveEndpoint(endpoint);
      return { endpoint, secret };
    },
    async rotateSecret(endpointId) {
      const endpoint = await store.getEndpoint(endpointId);
      if (!endpoint) throw new Error(`No endpoint ${endpointId}.`);
      const now = clock.now();
      const secret = generateEndpointSecret();
      const expiresAt = now + rotationGraceSeconds * 1000;
      const kept = endpoint.secrets
        .filter((entry) => entry.expiresAt === null || entry.expiresAt > now)
        .map((entry) => ({ secret: entry.secret, expiresAt: Math.min(entry.expiresAt ?? expiresAt, expiresAt) }));
      await store.saveEndpoint({ ...endpoint, secrets: [{ secret, expiresAt: null }, ...kept] });
      return { secret };
    },
    enableEndpoint: (endpointId) => store.setEndpointEnabled(endpointId, true, clock.now()),
    disableEndpoint: (endpointId) => store.setEndpointEnabled(endpointId, false, clock.now()),
    getEndpoint: (endpointId) => store.getEndpoint(endpointId),
    async listEndpoints(filter = {}) {
      const endpoints = await store.listEndpoints();
      return filter.owner === undefined ? endpoints : endpoints.filter((endpoint) => endpoint.owner === filter.owner);
    },
    removeEndpoint: (endpointId) => store.deleteEndpoint(endpointId),
    async publish(event, options = {}) {
      const receives = (endpoint: EndpointRecord) => endpoint.owner === null || endpoint.owner === options.owner;
      const endpoints = (await store.listEndpoints()).filter((endpoint) => endpoint.enabled && receives(endpoint));
      return createDeliveries(event, endpoints);
    },
    async resend(deliveryId) {
      const delivery = await store.getDelivery(deliveryId);
      const endpoint = delivery ? await store.getEndpoint(delivery.endpointId) : null;
      if (!delivery || !endpoint) return null;
      const record = deliveryOf({ id: delivery.eventId, type: delivery.eventType }, delivery.body, endpoint);
      await store.enqueue([record]);
      wake();
      return record;
    },
    async ping(endpointId) {
      const endpoint = await store.getEndpoint(endpointId);
      if (!endpoint) return null;
      const event = createEvent("ping", {}, { id: randomId("evt"), createdAt: new Date(clock.now()) });
      const [delivery] = newDeliveries(event, [endpoint]);
      // The first attempt is made here, before the delivery is stored: no other worker can know
      // of it yet, so it needs no claim, and the caller gets its attempt without waiting for one.
      // A retry, if one is due, is queued like any other delivery's.
      const { attempt, after } = await makeAttempt(delivery!);
      await store.enqueue([after]);
      if (after.status === "pending") wake();
      if (attempt) onAttempt(attempt);
      return attempt;
    },
    runDue: pool.runDue,
    nextDueAt: () => store.nextDueAt(),
    getDelivery: (deliveryId) => store.getDelivery(deliveryId),
    listAttempts: (endpointId, limit = 100) => store.listAttempts(endpointId, limit),
    start: pool.start,
    stop: pool.stop,
  };
}
