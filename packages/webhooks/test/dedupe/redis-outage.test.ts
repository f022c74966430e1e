// A delivery while the deduplication store's Redis is down is answered at once with the
// documented 503 store_unavailable (the sender retries it later), when the client is made as
// the README shows (`enableOfflineQueue: false`); ioredis's offline queue would otherwise
// hold the claim through its reconnection attempts, past the sender's 10 s deadline.
import { Redis } from "ioredis";
import { webhookHeaderNames } from "@signing-platform/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer, type RedisServer } from "../../../../test/support/redis.js";
import { createRedisEventStore } from "../../src/dedupe/redis-event-store.js";
import { generateEndpointSecret } from "../../src/delivery/endpoint-secret.js";
import { createWebhookHandler } from "../../src/handler/create-webhook-handler.js";
import { signPayload } from "../../src/signature/sign-payload.js";
import { generateTestEvent } from "../../src/testing/generate-test-event.js";

let server: RedisServer;
let redis: Redis;
beforeAll(async () => {
  server = await startRedisServer();
  redis = new Redis(server.url, { enableOfflineQueue: false });
  await new Promise((resolve, reject) => (redis.once("ready", resolve), redis.once("error", reject)));
  redis.on("error", () => {}); // answered as 503; ioredis would print each reconnection failure
});
afterAll(async () => {
  redis?.disconnect();
  await server?.stop();
});

describe("createRedisEventStore while Redis is down", () => {
  it("lets the handler answer 503 store_unavailable within a second, and run the event once Redis is back", async () => {
    const secret = generateEndpointSecret();
    const processed: string[] = [];
    const handler = createWebhookHandler({
      secret,
      store: createRedisEventStore(redis),
      on: { ping: (event) => void processed.push(event.id) },
    });
    const deliver = (event: ReturnType<typeof generateTestEvent>) => {
      const body = JSON.stringify(event);
      const headers: Record<string, string> = { [webhookHeaderNames.signature.toLowerCase()]: signPayload({ payload: body, secret }) };
      return handler.handle({ rawBody: Buffer.from(body), header: (name) => headers[name.toLowerCase()] });
    };
    const event = generateTestEvent("ping");

    const { port } = server;
    await server.stop();
    const started = performance.now();
    const refused = await deliver(event);
    const waitedMs = performance.now() - started;
    expect([refused.status, JSON.parse(refused.body).error.code]).toEqual([503, "store_unavailable"]);
    // Refused, not queued: half the offline queue's ~10 s, wide enough for a loaded CI machine.
    expect(waitedMs).toBeLessThan(5000);
    expect(processed).toEqual([]);

    server = await startRedisServer({ port });
    await expect.poll(() => redis.status, { timeout: 10_000 }).toBe("ready");
    expect((await deliver(event)).status).toBe(200);
    expect(processed).toEqual([event.id]);
  });
});
