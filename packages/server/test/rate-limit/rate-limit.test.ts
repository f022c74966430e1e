// Rate limits over HTTP: headers on every response (errors and 304 included), 429 with
// Retry-After, quotas per organization and endpoint, and one Redis shared by two instances.
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { redisRateLimitStore } from "../../src/redis.js";
import { fixtureApp, fixtureData, tokens } from "../support/fixture-app.js";
import { call, expectError, expectStandardHeaders, listen } from "../support/http.js";
import { serveFixture, useRedis } from "../support/serve.js";

describe("rate limits (memory store)", () => {
  const server = serveFixture({
    rateLimit: {
      quota: { points: 5, durationSeconds: 60 },
      operations: { listCertificates: { points: 3, durationSeconds: 60 } },
      quotaFor: ({ organizationId, operationId }) =>
        organizationId === "org_b" && operationId === "getCertificate" ? { points: 2, durationSeconds: 30 } : undefined,
    },
  });

  // @trace counts-down-on-every-response-304-and-errors-inc
  it("counts down on every response, 304 and errors included, then answers 429 with Retry-After", async () => {
    const url = `${server.url}/certificates/cert_000`;
    const first = await call(url, { token: tokens.a });
    const answers = [
      first,
      await call(url, { token: tokens.a, headers: { "if-none-match": first.headers.etag! } }),
      await call(`${server.url}/certificates/cert_002`, { token: tokens.a }),
      await call(url, { token: tokens.a }),
      await call(url, { token: tokens.a }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 304, 404, 200, 200]);
    for (const answer of answers) expectStandardHeaders(answer);
    expect(answers.map((answer) => answer.headers["ratelimit-remaining"])).toEqual(["4", "3", "2", "1", "0"]);
    expect(new Set(answers.map((answer) => answer.headers["ratelimit-limit"]))).toEqual(new Set(["5"]));
    const reset = Number(first.headers["ratelimit-reset"]);
    expect(reset - Date.now() / 1000).toBeGreaterThan(55);
    expect(reset - Date.now() / 1000).toBeLessThanOrEqual(61);

    const limited = await call(url, { token: tokens.a });
    expectError(limited, 429, "rate_limited");
    expect(limited.headers["ratelimit-remaining"]).toBe("0");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(55);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(first.headers["retry-after"]).toBeUndefined();
  });

  it("keeps one quota per organization and endpoint", async () => {
    // org_a spent getCertificate above; its list and org_b's reads are counted apart.
    const list = await call(`${server.url}/certificates`, { token: tokens.a });
    expect([list.status, list.headers["ratelimit-limit"], list.headers["ratelimit-remaining"]]).toEqual([200, "3", "2"]);
    const other = await call(`${server.url}/certificates/cert_002`, { token: tokens.b });
    expect([other.status, other.headers["ratelimit-limit"], other.headers["ratelimit-remaining"]]).toEqual([200, "2", "1"]);
    await call(`${server.url}/certificates/cert_002`, { token: tokens.b });
    expectError(await call(`${server.url}/certificates/cert_002`, { token: tokens.b }), 429, "rate_limited");
  });

  it("reports the headers on a request refused before it was counted (a resolver that fails)", async () => {
    const failing = fixtureApp({
      authentication: {
        resolver: {
          resolveAccessToken: () => {
            throw new Error("the token service is down");
          },
        },
      },
    });
    const running = await listen(failing.app);
    try {
      const answer = await call(`${running.url}/certificates/cert_000`, { token: tokens.a });
      expectError(answer, 500, "internal_error");
      expect(answer.headers["ratelimit-remaining"]).toBe(answer.headers["ratelimit-limit"]);
    } finally {
      await running.close();
    }
  });

  it("counts requests without valid credentials by address, and still reports the headers", async () => {
    const answer = await call(`${server.url}/certificates/cert_000`, { token: "forged" });
    expectError(answer, 401, "unauthenticated");
    expect(answer.headers["ratelimit-limit"]).toBe("5");
  });
});

describe("rate limits shared through Redis by two instances", () => {
  const redis = useRedis();
  const data = fixtureData();
  // The Redis store refuses (503) until its client is connected: redis.client() waits for it.
  const servers = [0, 1].map(() =>
    serveFixture(
      async () => ({ rateLimit: { quota: { points: 4, durationSeconds: 60 }, store: redisRateLimitStore(await redis.client()) } }),
      data,
    ),
  );

  it("spends one quota across both instances", async () => {
    const remaining: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const answer = await call(`${servers[index % 2]!.url}/certificates/cert_000`, { token: tokens.a });
      expect(answer.status).toBe(200);
      remaining.push(answer.headers["ratelimit-remaining"]!);
    }
    expect(remaining).toEqual(["3", "2", "1", "0"]);
    expectError(await call(`${servers[0]!.url}/certificates/cert_000`, { token: tokens.a }), 429, "rate_limited");
    expectError(await call(`${servers[1]!.url}/certificates/cert_000`, { token: tokens.a }), 429, "rate_limited");
  });

  it("answers 503 with Retry-After when Redis cannot be reached, rather than serve uncounted", async () => {
    const broken = new Redis({ port: 1, lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    const server = await listen(fixtureApp({ rateLimit: { store: redisRateLimitStore(broken) } }).app);
    try {
      const answer = await call(`${server.url}/certificates/cert_000`, { token: tokens.a });
      expectError(answer, 503, "service_unavailable");
      expect(answer.headers["retry-after"]).toBe("1");
    } finally {
      await server.close();
      broken.disconnect();
    }
  });
});
