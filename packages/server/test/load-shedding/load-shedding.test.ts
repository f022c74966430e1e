// Shedding load: 503 service_unavailable with Retry-After (Errors › HTTP statuses).
import { describe, expect, it } from "vitest";
import { idempotencyKey, tokens } from "../support/fixture-app.js";
import { call, expectError } from "../support/http.js";
import { serveFixture } from "../support/serve.js";

describe("load shedding", () => {
  let overloaded = false;
  const server = serveFixture({
    loadShedding: { maxConcurrentRequests: 1, retryAfterSeconds: 7, isOverloaded: () => overloaded },
  });
  const data = server.data;

  it("answers 503 with Retry-After past the number of requests in progress, and serves again after", async () => {
    let release!: () => void;
    data.hold = new Promise<void>((resolve) => (release = resolve));
    const running = call(`${server.url}/enrollments`, {
      method: "POST",
      token: tokens.a,
      body: { identity_evidence: { issuing_office: "x" } },
      headers: { "idempotency-key": idempotencyKey() },
    });
    await expect.poll(() => data.calls.createEnrollment).toBe(1);
    const shed = await call(`${server.url}/certificates/cert_000`, { token: tokens.a });
    expectError(shed, 503, "service_unavailable");
    expect(shed.headers["retry-after"]).toBe("7");
    data.hold = null;
    release();
    expect((await running).status).toBe(201);
    await expect.poll(async () => (await call(`${server.url}/certificates/cert_000`, { token: tokens.a })).status).toBe(200);
  });

  it("answers 503 while the overload probe says so", async () => {
    overloaded = true;
    try {
      expectError(await call(`${server.url}/certificates/cert_000`, { token: tokens.a }), 503, "service_unavailable");
    } finally {
      overloaded = false;
    }
    expect((await call(`${server.url}/certificates/cert_000`, { token: tokens.a })).status).toBe(200);
  });
});
