// One attempt of a delivery: sign the body with the endpoint's active secrets, POST it, record
// the attempt, and work out what the delivery is after it (done, failed, or due again on the
// schedule). The engine's queue and its ping both make attempts through this, and persist the
// delivery each in its own way (a claimed one is handed back; a ping's is stored new).
import { deliveryHeaderName, eventHeaderName, signatureHeaderName } from "../catalogue.js";
import { signPayload } from "../signature/sign-payload.js";
import type { Clock } from "./clock.js";
import type { DeliveryStore } from "./delivery-store.js";
import type { AttemptRecord, DeliveryRecord } from "./records.js";
import { nextAttemptAt, type DeliveryRetrySchedule } from "./retry-schedule.js";
import type { DeliveryTransport } from "./transport.js";
import { randomId } from "./random-id.js";

export interface AttemptDependencies {
  store: DeliveryStore;
  clock: Clock;
  transport: DeliveryTransport;
  retrySchedule: DeliveryRetrySchedule;
  timeoutMs: number;
  userAgent: string;
}

/** What one attempt gave: its record (null when the endpoint is gone or off), and the delivery after it. */
export interface DeliveryAttemptOutcome {
  attempt: AttemptRecord | null;
  after: DeliveryRecord;
}

export function createAttempter(dependencies: AttemptDependencies): (delivery: DeliveryRecord) => Promise<DeliveryAttemptOutcome> {
  const { store, clock, transport, retrySchedule, timeoutMs, userAgent } = dependencies;
  return async function makeAttempt(delivery) {
    const endpoint = await store.getEndpoint(delivery.endpointId);
    const startedAt = clock.now();
    if (!endpoint || !endpoint.enabled) {
      // Turned off (by hand or for failing): what was pending for it is dropped, not sent.
      return { attempt: null, after: { ...delivery, status: "canceled", nextAttemptAt: null } };
    }
    const secrets = endpoint.secrets
      .filter((entry) => entry.expiresAt === null || entry.expiresAt > startedAt)
      .map((entry) => entry.secret);
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "user-agent": userAgent,
      [signatureHeaderName]: signPayload({ payload: delivery.body, secret: secrets, timestamp: Math.floor(startedAt / 1000) }),
      [eventHeaderName]: delivery.eventType,
      [deliveryHeaderName]: delivery.id,
    };
    const began = performance.now();
    let status: number | null = null;
    let responseBodyExcerpt: string | null = null;
    let error: string | null = null;
    try {
      const response = await transport({ url: endpoint.url, headers, body: delivery.body, timeoutMs });
      status = response.status;
      responseBodyExcerpt = response.bodyExcerpt;
    } catch (failure) {
      error = failure instanceof Error ? failure.message : "connection error";
    }
    const durationMs = Math.round(performance.now() - began);
    const succeeded = status !== null && status >= 200 && status < 300;
    const attempts = delivery.attempts + 1;
    const firstAttemptAt = delivery.firstAttemptAt ?? startedAt;
    const next = succeeded ? null : nextAttemptAt({ attemptsMade: attempts, firstAttemptAt, lastAttemptAt: startedAt }, retrySchedule);
    const updated: DeliveryRecord = {
      ...delivery,
      attempts,
      firstAttemptAt,
      lastAttemptAt: startedAt,
      nextAttemptAt: next,
      status: succeeded ? "succeeded" : next === null ? "failed" : "pending",
    };
    const attempt: AttemptRecord = {
      id: randomId("att"),
      deliveryId: delivery.id,
      endpointId: endpoint.id,
      eventId: delivery.eventId,
      eventType: delivery.eventType,
      attempt: attempts,
      url: endpoint.url,
      request: { headers, body: delivery.body },
      startedAt,
      durationMs,
      status,
      responseBodyExcerpt,
      error,
      outcome: succeeded ? "succeeded" : "failed",
      nextAttemptAt: next,
    };
    await store.recordAttempt(attempt);
    if (succeeded) await store.recordEndpointSuccess(endpoint.id, startedAt);
    else {
      await store.recordEndpointFailure(endpoint.id, {
        at: startedAt,
        windowMs: retrySchedule.windowSeconds * 1000,
        exhaustedDeliveryFirstAttemptAt: next === null ? firstAttemptAt : null,
      });
    }
    return { attempt, after: updated };
  };
}
