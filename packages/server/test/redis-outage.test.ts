// A request while Redis is down is refused at once, with the documented 503, when the
// client is made as the README shows (`enableOfflineQueue: false`): ioredis's offline queue
// would otherwise hold each command through its reconnection attempts (about ten seconds).
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer, type RedisServer } from "../../../test/support/redis.js";
import { redisIdempotencyStore } from "../src/redis.js";
import { fixtureApp, idempotencyKey, tokens } from "./support/fixture-app.js";
import { call, expectError, listen } from "./support/http.js";

const evidence = { identity_evidence: { document_type: "passport", issuing_office: "Kathmandu" } };

describe("Redis stores while Redis is down", () => {
  let server: RedisServer;
  let redis: Redis;
  let app: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    server = await startRedisServer();
    redis = new Redis(server.url, { enableOfflineQueue: false });
    await new Promise((resolve, reject) => (redis.once("ready", resolve), redis.once("error", reject)));
    redis.on("error", () => {}); // reported by the app's 503s; ioredis would print each reconnection failure
    // The idempotency store alone: the rate-limit store refuses at once whatever the client
    // (rate-limiter-flexible's rejectIfRedisNotReady), and would answer first.
    app = await listen(fixtureApp({ idempotency: { store: redisIdempotencyStore(redis) } }).app);
  });
  afterAll(async () => {
    await app?.close();
    redis?.disconnect();
    await server?.stop();
  });

  it("refuses a keyed POST within a second with 503 service_unavailable and Retry-After, and serves the same key once Redis is back", async () => {
    const post = (key: string) =>
      call(`${app.url}/enrollments`, { method: "POST", token: tokens.a, body: evidence, headers: { "idempotency-key": key } });
    expect((await post(idempotencyKey())).status).toBe(201);

    const { port } = server;
    await server.stop();
    const key = idempotencyKey();
    const started = performance.now();
    const refused = await post(key);
    const waitedMs = performance.now() - started;
    expectError(refused, 503, "service_unavailable");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Refused, not queued: half the offline queue's ~10 s, wide enough for a loaded CI machine.
    expect(waitedMs).toBeLessThan(5000);

    server = await startRedisServer({ port });
    await expect.poll(() => redis.status, { timeout: 10_000 }).toBe("ready");
    expect((await post(key)).status).toBe(201);
  });
});
