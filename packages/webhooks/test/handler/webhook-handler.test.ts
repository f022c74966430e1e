// The handler's answers and its claim/complete/release semantics.
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { createWebhookHandler } from "../../src/handler/create-webhook-handler.js";
import { createWebhookHandler as createEdgeWebhookHandler } from "../../src/handler/create-webhook-handler-async.js";
import type { WebhookErrorReport, WebhookHandlerOptions } from "../../src/handler/webhook-handler.js";
import { signPayload } from "../../src/signature/sign-payload.js";
import { generateTestEvent } from "../../src/testing/generate-test-event.js";
import { closedPortUrl } from "../support/servers.js";
import { headerNames, secret } from "../support/fixtures.js";

function delivery(event: object, options: { key?: string; deliveryId?: string } = {}) {
  const body = JSON.stringify(event);
  const headers: Record<string, string> = {
    [headerNames.signature.toLowerCase()]: signPayload({ payload: body, secret: options.key ?? secret }),
    [headerNames.delivery.toLowerCase()]: options.deliveryId ?? "dlv_test",
  };
  return { rawBody: Buffer.from(body), header: (name: string) => headers[name.toLowerCase()] };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each([
  ["node:crypto", createWebhookHandler],
  ["WebCrypto", createEdgeWebhookHandler],
])("createWebhookHandler (%s)", (_path, create) => {
  const make = (options: Partial<WebhookHandlerOptions> & Pick<WebhookHandlerOptions, "on">) => create({ secret, ...options });

  it("dispatches by type with the typed event and the delivery id, and answers 200", async () => {
    const seen: string[] = [];
    const handler = make({
      on: {
        "signing_request.completed": (event, context) => {
          seen.push(`${event.type}:${event.data.object.status}:${context.deliveryId}`);
        },
        ping: () => {
          seen.push("ping");
        },
      },
    });
    const response = await handler.handle(delivery(generateTestEvent("signing_request.completed"), { deliveryId: "dlv_1" }));
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ received: true });
    expect(seen).toEqual(["signing_request.completed:completed:dlv_1"]);
  });

  // @trace answers-a-redelivery-of-a-processed-event-200-as
  it("answers a redelivery of a processed event 200 as a duplicate, without running the handler again", async () => {
    let runs = 0;
    const handler = make({ on: { ping: () => void runs++ } });
    const event = generateTestEvent("ping");
    await handler.handle(delivery(event));
    const again = await handler.handle(delivery(event, { deliveryId: "dlv_other" }));
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toEqual({ received: true, duplicate: true });
    expect(runs).toBe(1);
  });

  it("answers 500 when the handler fails and releases the claim, so the redelivery runs it again", async () => {
    let runs = 0;
    const reports: WebhookErrorReport[] = [];
    const handler = make({
      on: {
        ping: () => {
          runs++;
          if (runs === 1) throw new Error("database down");
        },
      },
      onError: (_error, report) => reports.push(report),
    });
    const event = generateTestEvent("ping");
    const first = await handler.handle(delivery(event));
    expect(first.status).toBe(500);
    expect(JSON.parse(first.body).error.code).toBe("handler_failed");
    expect(first.body).not.toContain("database down");
    expect(reports).toEqual([{ phase: "handler", eventId: event.id, eventType: "ping", deliveryId: "dlv_test" }]);
    const second = await handler.handle(delivery(event));
    expect(second.status).toBe(200);
    expect(runs).toBe(2);
    expect(JSON.parse((await handler.handle(delivery(event))).body).duplicate).toBe(true);
  });

  it("acknowledges with 202 once the deadline passes and finishes the handler after it", async () => {
    let finished = false;
    const handler = make({
      acknowledgeWithinMs: 20,
      on: {
        ping: async () => {
          await sleep(120);
          finished = true;
        },
      },
    });
    const event = generateTestEvent("ping");
    const response = await handler.handle(delivery(event));
    expect(response.status).toBe(202);
    expect(JSON.parse(response.body)).toEqual({ received: true, deferred: true });
    expect(finished).toBe(false);
    // While it still runs, a redelivery is told to come back later (not 2xx).
    expect((await handler.handle(delivery(event))).status).toBe(409);
    await response.settled;
    expect(finished).toBe(true);
    expect(JSON.parse((await handler.handle(delivery(event))).body).duplicate).toBe(true);
  });

  it("reports a failure after the acknowledgement and releases the claim", async () => {
    const reports: string[] = [];
    let runs = 0;
    const handler = make({
      acknowledgeWithinMs: 10,
      onError: (_error, report) => reports.push(report.phase),
      on: {
        ping: async () => {
          runs++;
          await sleep(50);
          if (runs === 1) throw new Error("late failure");
        },
      },
    });
    const event = generateTestEvent("ping");
    expect((await handler.handle(delivery(event))).status).toBe(202);
    await handler.idle();
    expect(reports).toEqual(["after_acknowledgement"]);
    const retried = await handler.handle(delivery(event));
    expect(retried.status).toBe(202);
    await retried.settled;
    expect(runs).toBe(2);
  });

  it("acknowledges types without a handler, and unknown types, without claiming them", async () => {
    const unknown: string[] = [];
    const handler = make({ on: {}, onUnknownEvent: (event) => void unknown.push(event.type) });
    const ignored = await handler.handle(delivery(generateTestEvent("ping")));
    expect([ignored.status, JSON.parse(ignored.body)]).toEqual([200, { received: true, ignored: true }]);
    const newer = { ...generateTestEvent("ping"), type: "signing_request.reminded" };
    expect((await handler.handle(delivery(newer))).status).toBe(200);
    expect((await handler.handle(delivery(newer))).status).toBe(200);
    expect(unknown).toEqual(["signing_request.reminded"]);
  });

  it.each([
    ["no signature header", { header: () => undefined }, 400, "missing_header"],
    ["another secret", { key: "whsec_wrong" }, 400, "no_valid_signature"],
  ])("answers %s with the error body and does not run the handler", async (_name, change, status, code) => {
    let runs = 0;
    const handler = make({ on: { ping: () => void runs++ } });
    const request = {
      ...delivery(generateTestEvent("ping"), "key" in change ? { key: change.key } : {}),
      ...("header" in change ? { header: change.header } : {}),
    };
    const response = await handler.handle(request);
    expect(response.status).toBe(status);
    expect(JSON.parse(response.body).error.code).toBe(code);
    expect(runs).toBe(0);
  });

  it("answers 400 invalid_payload with details[].field for a signed body that is not an event", async () => {
    const handler = make({ on: {} });
    const response = await handler.handle(delivery({ ...generateTestEvent("ping"), id: "nope" }));
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).error).toMatchObject({ code: "invalid_payload", details: [{ field: "$.id" }] });
  });

  it("answers 503 when the store is unreachable, so the sender retries", async () => {
    const port = Number(new URL(await closedPortUrl()).port);
    const redis = new Redis({
      port,
      host: "127.0.0.1",
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    const { createRedisEventStore } = await import("../../src/dedupe/redis-event-store.js");
    const phases: string[] = [];
    const handler = make({
      store: createRedisEventStore(redis),
      on: { ping: () => {} },
      onError: (_e, report) => phases.push(report.phase),
    });
    const response = await handler.handle(delivery(generateTestEvent("ping")));
    expect(response.status).toBe(503);
    expect(phases).toEqual(["store"]);
    redis.disconnect();
  });
});
