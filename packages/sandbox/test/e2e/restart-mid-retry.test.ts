// Killing the sandbox mid-retry with its state in Redis and starting it again loses no
// delivery. The delivery queue lives in Redis: a new process on the same Redis carries on with
// what the killed one left pending, and the redelivery is the same delivery (same
// Service-Delivery id), signed afresh.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer, type RedisServer } from "../../../../test/support/redis.js";
import { createOrganization, eventually, sameOrganizationOn } from "../support/http.js";
import { startSandboxProcess, type SandboxProcess } from "../support/sandbox-process.js";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js";

/**
 * The 30 s first retry becomes 1.5 s (then 3 s, 15 s, …): short, yet long enough that the
 * kill lands between attempts rather than in the middle of the second one.
 */
const TIME_SCALE = 0.05;
/**
 * A process killed in the middle of an attempt still holds its claim on the delivery until
 * the claim's lease lapses (35 s with the default 10 s attempt deadline); the delivery comes
 * after that, so the wait allows for it. Usually it comes within a second.
 */
const REDELIVERY_DEADLINE_MS = 75_000;

let redis: RedisServer;
const sandboxes: SandboxProcess[] = [];
let receiver: WebhookReceiver;

beforeAll(async () => {
  redis = await startRedisServer();
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await Promise.all(sandboxes.map((sandbox) => sandbox.stop()));
  await receiver?.close();
  await redis?.stop();
});

async function start(): Promise<SandboxProcess> {
  const sandbox = await startSandboxProcess({ redis: redis.url, webhookTimeScale: TIME_SCALE });
  sandboxes.push(sandbox);
  return sandbox;
}

describe("a sandbox killed mid-retry with its state in Redis", () => {
  // @trace delivers-every-pending-event-after-a-new-process
  it("delivers every pending event after a new process starts on the same Redis, as the same deliveries", {
    timeout: 120_000,
  }, async () => {
    const first = await start();
    const organization = await createOrganization(first.url);
    const endpoint = await organization.addWebhookEndpoint(receiver.url);
    receiver.useSecret(endpoint.secret);
    // The receiver verifies each delivery, then fails it: 500, so the sender schedules a retry.
    receiver.failing = true;

    const request = await organization.newSigningRequest();
    const accepted = await organization.act(request.id, "accept");
    expect(accepted.json.status).toBe("accepted");

    // Both events' first attempts have failed and are recorded: a retry is pending for each.
    await eventually(
      () => receiver.failed.map((entry) => entry.event.type),
      (types) => types.includes("signing_request.created") && types.includes("signing_request.accepted"),
      "both first attempts",
    );
    const pending = await eventually(
      () => organization.attempts(endpoint.id),
      (attempts) => new Set(attempts.map((attempt) => attempt.event_type)).size === 2,
      "both failed attempts recorded",
    );
    for (const attempt of pending) {
      expect(attempt.succeeded).toBe(false);
      expect(attempt.response_status).toBe(500);
      expect(attempt.next_attempt_at).not.toBeNull();
    }

    // Crash: no shutdown, no chance to finish anything.
    await first.kill();
    expect(first.process.signalCode).toBe("SIGKILL");
    const failedDeliveries = new Map(receiver.failed.map((entry) => [entry.event.type, entry]));
    receiver.failing = false;

    const second = await start();
    const events = await receiver.waitFor(
      (all) => ["signing_request.created", "signing_request.accepted"].every((type) => all.some((entry) => entry.event.type === type)),
      "both events after the restart",
      REDELIVERY_DEADLINE_MS,
    );

    // The same deliveries of the same events, with signatures the receiver verified (it ran its handlers).
    expect(receiver.rejected).toEqual([]);
    for (const [type, failed] of failedDeliveries) {
      const delivered = events.find((entry) => entry.event.type === type)!;
      expect(delivered.deliveryId).toBe(failed.deliveryId);
      expect(delivered.event.id).toBe(failed.event.id);
      expect(delivered.rawBody).toBe(failed.rawBody);
      expect(delivered.eventTypeHeader).toBe(type);
    }
    expect(events).toHaveLength(2);

    // The new process lists each delivery's failed attempts, then the one that succeeded.
    const onSecond = sameOrganizationOn(second.url, organization);
    const attempts = await eventually(
      () => onSecond.attempts(endpoint.id),
      (list) => list.filter((attempt) => attempt.succeeded).length === 2,
      "two successful attempts",
    );
    for (const { deliveryId } of failedDeliveries.values()) {
      const ofDelivery = attempts
        .filter((attempt) => attempt.delivery_id === deliveryId)
        .sort((x, y) => Date.parse(x.attempted_at) - Date.parse(y.attempted_at));
      expect(ofDelivery[0]!.attempt).toBe(1);
      expect(ofDelivery.length).toBeGreaterThanOrEqual(2);
      expect(ofDelivery.at(-1)!.succeeded).toBe(true);
      expect(ofDelivery.slice(0, -1).every((attempt) => !attempt.succeeded)).toBe(true);
    }

    // And the sandbox goes on as before on the new process.
    const completed = await onSecond.act(request.id, "enter_code", accepted.json.sent_code);
    expect(completed.json.status).toBe("completed");
    await receiver.waitFor((all) => all.some((entry) => entry.event.type === "signing_request.completed"), "completed");
  });
});
