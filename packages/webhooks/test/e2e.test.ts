// Both sides end to end: the delivery engine → a real HTTP receiver
// built from createWebhookHandler and the node adapter, deduplicating in a real Redis → a
// failed handler makes the sender retry on the schedule → the retry succeeds → a redelivery
// of the same event is acknowledged as a duplicate and not processed again.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer, type RedisServer } from "../../../test/support/redis.js";
import { toNodeHandler } from "../src/adapters/node-http.js";
import { createManualClock } from "../src/delivery/clock.js";
import { createDeliveryEngine } from "../src/delivery/delivery-engine.js";
import { generateEndpointSecret } from "../src/delivery/endpoint-secret.js";
import { createRedisEventStore } from "../src/dedupe/redis-event-store.js";
import { createWebhookHandler } from "../src/handler/create-webhook-handler.js";
import { generateTestEvent } from "../src/testing/generate-test-event.js";
import { startHttpServer } from "./support/servers.js";

let redis: RedisServer;
let client: Redis;
beforeAll(async () => {
  redis = await startRedisServer();
  client = new Redis(redis.url);
});
afterAll(async () => {
  await client.quit();
  await redis.stop();
});

describe("sender → receiver", () => {
  // @trace retries-a-failed-handler-then-ignores-a-redelive
  it("retries a failed handler, then ignores a redelivery of the processed event as a duplicate", async () => {
    const clock = createManualClock(Date.now());
    const engine = createDeliveryEngine({ clock, timeoutMs: 5000 });
    const processed: string[] = [];
    let failuresLeft = 1;
    const secret = generateEndpointSecret();
    const handler = createWebhookHandler({
      secret,
      store: createRedisEventStore(client),
      now: () => new Date(clock.now()),
      on: {
        "signing_request.completed": async (event) => {
          if (failuresLeft-- > 0) throw new Error("downstream unavailable");
          processed.push(event.id);
        },
      },
    });
    const receiver = await startHttpServer(toNodeHandler(handler));
    try {
      const { endpoint } = await engine.addEndpoint({ url: `${receiver.url}/webhooks`, secret });
      const endpointId = endpoint.id;
      const event = generateTestEvent("signing_request.completed");

      const [delivery] = await engine.publish(event);
      await engine.runDue();
      expect(await engine.getDelivery(delivery!.id)).toMatchObject({ status: "pending", attempts: 1, nextAttemptAt: clock.now() + 30_000 });

      clock.advance(30_000);
      await engine.runDue();
      expect(await engine.getDelivery(delivery!.id)).toMatchObject({ status: "succeeded", attempts: 2 });
      expect(processed).toEqual([event.id]);

      // The same event delivered again (a duplicate delivery): acknowledged, not processed.
      await engine.publish(event);
      await engine.runDue();
      expect(processed).toEqual([event.id]);

      const attempts = (await engine.listAttempts(endpointId)).reverse();
      expect(attempts.map((attempt) => attempt.status)).toEqual([500, 200, 200]);
      expect(JSON.parse(attempts[0]!.responseBodyExcerpt!).error.code).toBe("handler_failed");
      expect(JSON.parse(attempts[1]!.responseBodyExcerpt!)).toEqual({ received: true });
      expect(JSON.parse(attempts[2]!.responseBodyExcerpt!)).toEqual({ received: true, duplicate: true });
    } finally {
      await receiver.close();
    }
  });
});
