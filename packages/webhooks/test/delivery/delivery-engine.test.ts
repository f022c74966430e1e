// The sender against a real HTTP receiver on loopback, with a manual clock so the 24-hour
// schedule runs in milliseconds.
import Stripe from "stripe";
import { webhookHeaderNames, webhookRetryScheduleSeconds } from "@signing-platform/types";
import { afterEach, describe, expect, it } from "vitest";
import { createManualClock } from "../../src/delivery/clock.js";
import { createDeliveryEngine, type DeliveryEngineOptions } from "../../src/delivery/delivery-engine.js";
import { createMemoryDeliveryStore } from "../../src/delivery/memory-delivery-store.js";
import { constructEvent } from "../../src/event/construct-event.js";
import { generateTestEvent } from "../../src/testing/generate-test-event.js";
import { closedPortUrl, startRecordingReceiver, type ReceivedRequest } from "../support/servers.js";

const start = Date.UTC(2026, 10, 21, 6, 40);
const stripe = new Stripe("sk_test_cross_check_not_used_for_requests");
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function setup(answer?: Parameters<typeof startRecordingReceiver>[0], options: DeliveryEngineOptions = {}) {
  const receiver = await startRecordingReceiver(answer);
  cleanups.push(receiver.close);
  const clock = createManualClock(start);
  const engine = createDeliveryEngine({ clock, timeoutMs: 2000, ...options });
  const { endpoint, secret } = await engine.addEndpoint({ url: `${receiver.url}/hooks` });
  return { receiver, clock, engine, endpoint, secret };
}

const header = (request: ReceivedRequest, name: string) => request.headers[name.toLowerCase()] as string;

/** Advances the clock to each due time and runs what is due, until nothing is pending. */
async function runSchedule(engine: ReturnType<typeof createDeliveryEngine>, clock: ReturnType<typeof createManualClock>) {
  await engine.runDue();
  for (let due = await engine.nextDueAt(); due !== null; due = await engine.nextDueAt()) {
    clock.set(Math.max(clock.now(), due));
    await engine.runDue();
  }
}

describe("createDeliveryEngine", () => {
  // @trace posts-the-exact-body-signed-with-the-event-and-d
  it("POSTs the exact body, signed, with the event and delivery headers and a JSON content type", async () => {
    const { receiver, engine, secret, endpoint } = await setup();
    const event = generateTestEvent("signing_request.completed");
    const [delivery] = await engine.publish(event);
    expect(await engine.runDue()).toBe(1);
    const [received] = receiver.requests;
    expect(received!.method).toBe("POST");
    expect(received!.body.toString()).toBe(JSON.stringify(event));
    expect(received!.headers["content-type"]).toBe("application/json");
    expect(header(received!, webhookHeaderNames.event)).toBe("signing_request.completed");
    expect(header(received!, webhookHeaderNames.delivery)).toBe(delivery!.id);
    const signature = header(received!, webhookHeaderNames.signature);
    expect(signature).toBe(`t=${Math.floor(start / 1000)},v1=${signature.split("v1=")[1]}`);
    // Verifies with ours and with an independent implementation (stripe-node).
    expect(constructEvent(received!.body, signature, secret, { now: new Date(start) })).toEqual(event);
    expect(stripe.webhooks.constructEvent(received!.body, signature, secret, 300, undefined, start)).toEqual(event);
    expect((await engine.getDelivery(delivery!.id))!.status).toBe("succeeded");
    const [attempt] = await engine.listAttempts(endpoint.id);
    expect(attempt).toMatchObject({
      attempt: 1,
      status: 200,
      outcome: "succeeded",
      responseBodyExcerpt: "ok",
      error: null,
      nextAttemptAt: null,
    });
    expect(attempt!.request.body).toBe(JSON.stringify(event));
    expect(attempt!.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(attempt)).not.toContain(secret);
  });

  // @trace retries-a-failing-endpoint-on-the-schedule-table
  it("retries a failing endpoint on the schedule table, never later than 24 h after the first, then turns it off", async () => {
    const { receiver, clock, engine, endpoint } = await setup(() => ({ status: 500, body: "x".repeat(3000) }));
    const [delivery] = await engine.publish(generateTestEvent("signing_request.declined"));
    await runSchedule(engine, clock);

    const attempts = (await engine.listAttempts(endpoint.id)).reverse();
    expect(attempts).toHaveLength(webhookRetryScheduleSeconds.length + 1);
    const gaps = attempts.slice(1).map((attempt, index) => (attempt.startedAt - attempts[index]!.startedAt) / 1000);
    expect(gaps).toEqual([...webhookRetryScheduleSeconds]);
    expect(attempts.at(-1)!.startedAt - attempts[0]!.startedAt).toBeLessThanOrEqual(24 * 3600 * 1000);
    // One delivery id on every retry; a fresh t on each, so a late retry is not stale.
    expect(new Set(receiver.requests.map((request) => header(request, webhookHeaderNames.delivery)))).toEqual(new Set([delivery!.id]));
    expect(new Set(receiver.requests.map((request) => header(request, webhookHeaderNames.signature).split(",")[0])).size).toBe(
      attempts.length,
    );
    expect(attempts.every((attempt) => attempt.status === 500 && attempt.responseBodyExcerpt!.length === 1024)).toBe(true);
    expect(attempts.at(-1)!.nextAttemptAt).toBeNull();
    expect((await engine.getDelivery(delivery!.id))!.status).toBe("failed");
    expect(await engine.getEndpoint(endpoint.id)).toMatchObject({ enabled: false, disabledReason: "failing" });

    // Turned off: new events are not delivered to it; turned on again, they are.
    expect(await engine.publish(generateTestEvent("ping"))).toEqual([]);
    expect(await engine.enableEndpoint(endpoint.id)).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    expect(await engine.publish(generateTestEvent("ping"))).toHaveLength(1);
  });

  // @trace turns-off-an-endpoint-that-has-failed-for-24-h-a
  it("turns off an endpoint that has failed for 24 h across several deliveries", async () => {
    const { clock, engine, endpoint } = await setup(() => ({ status: 503 }));
    await engine.publish(generateTestEvent("ping"));
    await engine.runDue();
    clock.advance(24 * 3600 * 1000);
    await engine.publish(generateTestEvent("ping"));
    await engine.runDue();
    expect(await engine.getEndpoint(endpoint.id)).toMatchObject({ enabled: false, disabledReason: "failing" });
  });

  it("keeps an endpoint on when a success comes within the window, and treats 2xx other than 200 as success", async () => {
    let calls = 0;
    const { clock, engine, endpoint } = await setup(() => (calls++ < 3 ? { status: 502 } : { status: 204 }));
    const [delivery] = await engine.publish(generateTestEvent("ping"));
    await runSchedule(engine, clock);
    expect(await engine.getDelivery(delivery!.id)).toMatchObject({ status: "succeeded", attempts: 4 });
    expect(await engine.getEndpoint(endpoint.id)).toMatchObject({ enabled: true, failingSince: null, lastSuccessAt: clock.now() });
  });

  it.each([["a timeout", "hang" as const, /^timeout: no answer within 300 ms$/]])(
    "records %s as a failed attempt without a status",
    async (_name, answer, message) => {
      const { engine, endpoint } = await setup(() => answer, { timeoutMs: 300 });
      await engine.publish(generateTestEvent("ping"));
      await engine.runDue();
      const [attempt] = await engine.listAttempts(endpoint.id);
      expect(attempt).toMatchObject({ status: null, outcome: "failed", nextAttemptAt: start + 30_000 });
      expect(attempt!.error).toMatch(message);
    },
  );

  it("records a connection error as a failed attempt", async () => {
    const clock = createManualClock(start);
    const engine = createDeliveryEngine({ clock, timeoutMs: 2000 });
    const { endpoint } = await engine.addEndpoint({ url: await closedPortUrl() });
    await engine.publish(generateTestEvent("ping"));
    await engine.runDue();
    const [attempt] = await engine.listAttempts(endpoint.id);
    expect(attempt).toMatchObject({ status: null, outcome: "failed", error: "connection error: ECONNREFUSED" });
  });

  it("treats a redirect as a failure and does not follow it", async () => {
    const { receiver, engine, endpoint } = await setup(() => ({ status: 301 }));
    await engine.publish(generateTestEvent("ping"));
    await engine.runDue();
    expect(receiver.requests).toHaveLength(1);
    expect((await engine.listAttempts(endpoint.id))[0]).toMatchObject({ status: 301, outcome: "failed" });
  });

  // @trace signs-with-every-active-secret-during-a-rotation
  it("signs with every active secret during a rotation, and only the new one after the grace period", async () => {
    const { receiver, clock, engine, endpoint, secret: oldSecret } = await setup(undefined, { rotationGraceSeconds: 3600 });
    const { secret: newSecret } = await engine.rotateSecret(endpoint.id);
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await engine.publish(generateTestEvent("ping"));
    await engine.runDue();
    const during = receiver.requests[0]!;
    const signature = header(during, webhookHeaderNames.signature);
    expect(signature.match(/v1=/g)).toHaveLength(2);
    for (const key of [oldSecret, newSecret])
      expect(constructEvent(during.body, signature, key, { now: new Date(clock.now()) }).type).toBe("ping");

    clock.advance(3600 * 1000 + 1);
    await engine.publish(generateTestEvent("ping"));
    await engine.runDue();
    const after = receiver.requests[1]!;
    const later = header(after, webhookHeaderNames.signature);
    expect(later.match(/v1=/g)).toHaveLength(1);
    expect(() => constructEvent(after.body, later, oldSecret, { now: new Date(clock.now()) })).toThrow(
      expect.objectContaining({ code: "no_valid_signature" }),
    );
    expect(constructEvent(after.body, later, newSecret, { now: new Date(clock.now()) }).type).toBe("ping");
  });

  it("sends a valid ping for Send test and returns its attempt", async () => {
    const { receiver, engine, endpoint, secret } = await setup();
    const attempt = await engine.ping(endpoint.id);
    expect(attempt).toMatchObject({ eventType: "ping", status: 200, outcome: "succeeded" });
    const received = receiver.requests[0]!;
    expect(constructEvent(received.body, header(received, webhookHeaderNames.signature), secret, { now: new Date(start) }).type).toBe(
      "ping",
    );
  });

  it("resends a delivery as a new one: the same event and bytes, a new delivery id, signed again", async () => {
    const { receiver, engine, endpoint, secret } = await setup();
    const [delivery] = await engine.publish(generateTestEvent("signing_request.completed"));
    await engine.runDue();
    const again = await engine.resend(delivery!.id);
    expect(again).toMatchObject({ eventId: delivery!.eventId, endpointId: endpoint.id, body: delivery!.body, status: "pending" });
    expect(again!.id).not.toBe(delivery!.id);
    await engine.runDue();
    const [first, second] = receiver.requests;
    expect(second!.body).toEqual(first!.body);
    expect(header(second!, webhookHeaderNames.delivery)).toBe(again!.id);
    expect(constructEvent(second!.body, header(second!, webhookHeaderNames.signature), secret, { now: new Date(start) }).id).toBe(
      delivery!.eventId,
    );
    expect(await engine.resend("dlv_unknown")).toBeNull();
  });

  it("drops what is pending for an endpoint turned off by hand", async () => {
    const { receiver, engine, endpoint } = await setup();
    const [delivery] = await engine.publish(generateTestEvent("ping"));
    await engine.disableEndpoint(endpoint.id);
    await engine.runDue();
    expect(receiver.requests).toHaveLength(0);
    expect((await engine.getDelivery(delivery!.id))!.status).toBe("canceled");
    expect(await engine.getEndpoint(endpoint.id)).toMatchObject({ enabled: false, disabledReason: "manual" });
  });

  it("delivers what a stopped engine left pending when another engine starts on the same store", async () => {
    const receiver = await startRecordingReceiver();
    cleanups.push(receiver.close);
    const store = createMemoryDeliveryStore();
    const first = createDeliveryEngine({ store, clock: createManualClock(start) });
    await first.addEndpoint({ url: receiver.url });
    await first.publish(generateTestEvent("ping"));
    // `first` stops before attempting anything; a new engine picks the schedule up.
    const second = createDeliveryEngine({ store, clock: createManualClock(start) });
    expect(await second.runDue()).toBe(1);
    expect(receiver.requests).toHaveLength(1);
  });

  it("re-sends a delivery whose engine died mid-attempt once the claim's lease lapses (at-least-once)", async () => {
    const receiver = await startRecordingReceiver();
    cleanups.push(receiver.close);
    const store = createMemoryDeliveryStore();
    const clock = createManualClock(start);
    const engine = createDeliveryEngine({ store, clock, timeoutMs: 1000 });
    await engine.addEndpoint({ url: receiver.url });
    await engine.publish(generateTestEvent("ping"));
    // A claim that is never finished: the engine that took it died.
    expect(await store.claimDue(clock.now(), 10, 5000)).toHaveLength(1);
    expect(await engine.runDue()).toBe(0);
    clock.advance(5001);
    expect(await engine.runDue()).toBe(1);
    expect(receiver.requests).toHaveLength(1);
  });

  it("runs in the background with start() and stops cleanly", async () => {
    const receiver = await startRecordingReceiver();
    cleanups.push(receiver.close);
    const engine = createDeliveryEngine({ pollIntervalMs: 20 });
    await engine.addEndpoint({ url: receiver.url });
    engine.start();
    await engine.publish(generateTestEvent("ping"));
    for (let tries = 0; receiver.requests.length === 0 && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
    await engine.stop();
    expect(receiver.requests).toHaveLength(1);
  });
});
