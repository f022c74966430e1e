// The client against a real HTTP server on loopback playing scripted answers: attempts, the headers sent, and the waits (recorded by an injected sleep, so
// nothing really waits).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { headerNames, limits } from "@signing-platform/types";
import {
  ApiError,
  AuthenticationError,
  ConnectionError,
  InvalidResponseError,
  RateLimitError,
  RequestValidationError,
  ServerError,
  ValidationError,
  createClient,
  type ClientOptions,
} from "../src/index.js";
import { errorBody, recordingSleep, startScriptedServer, type ScriptedServer } from "./support/scripted-server.js";

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.stop());

const KEY = headerNames.idempotency_key.toLowerCase();
const enrollment = { identity_evidence: { document_type: "passport", issuing_office: "Office 1" } };
const certificate = { id: "cert_1", state: "active" };

function clientWith(options: Partial<ClientOptions> = {}) {
  const { waits, sleep } = recordingSleep();
  const client = createClient({
    baseUrl: server.url,
    accessToken: "token-static",
    ...options,
    retry: { sleep, random: () => 0.5, ...options.retry },
  });
  return { client, waits };
}

const createEnrollment = (client: ReturnType<typeof clientWith>["client"]) => client.POST("/enrollments", { body: enrollment });

describe("retries", () => {
  it("waits Retry-After on 503, then retries the POST with the same key and the same body", async () => {
    server.play(
      { status: 503, headers: { [headerNames.retry_after]: "2" }, body: errorBody("service_unavailable") },
      { status: 201, body: { id: "enr_1" } },
    );
    const { client, waits } = clientWith();
    const result = await createEnrollment(client);
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual({ id: "enr_1" });
    expect(waits).toEqual([2000]);
    expect(result.meta.attempts).toBe(2);
    const [first, second] = server.requests;
    expect(first!.headers[KEY]).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(second!.headers[KEY]).toBe(first!.headers[KEY]);
    expect(result.meta.idempotencyKey).toBe(first!.headers[KEY]);
    expect(JSON.parse(second!.body)).toEqual(enrollment);
    expect(second!.body).toBe(first!.body);
  });

  // @trace retries-500-500-200-on-a-post-with-the-same-key
  it("retries 500, 500, 200 on a POST with the same key three times, backing off with full jitter", async () => {
    server.play(
      { status: 500, body: errorBody("internal_error") },
      { status: 500, body: errorBody("internal_error") },
      { status: 201, body: { id: "enr_2" } },
    );
    const { client, waits } = clientWith();
    const result = await createEnrollment(client);
    expect(result.data).toEqual({ id: "enr_2" });
    expect(result.meta.attempts).toBe(3);
    expect(new Set(server.requests.map((request) => request.headers[KEY])).size).toBe(1);
    expect(server.requests.every((request) => request.body === JSON.stringify(enrollment))).toBe(true);
    // random() = 0.5: half of min(20 s, 0.5 s · 2^retry).
    expect(waits).toEqual([250, 500]);
  });

  it("does not retry a 400 and returns a ValidationError with its details", async () => {
    const details = [{ field: "$.identity_evidence.issuing_office", code: "required", message: "Missing." }];
    server.play({ status: 400, body: errorBody("enrollment_identity_incomplete", "Identity evidence is incomplete.", details) });
    const { client, waits } = clientWith();
    const result = await createEnrollment(client);
    expect(result.data).toBeUndefined();
    expect(result.error).toBeInstanceOf(ValidationError);
    expect(result.error).toMatchObject({ code: "enrollment_identity_incomplete", status: 400, details, retryable: false });
    expect(result.meta.attempts).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("returns a 429 whose Retry-After is above the 60 s cap at once, with retryAfter", async () => {
    server.play({ status: 429, headers: { [headerNames.retry_after]: "120" }, body: errorBody("rate_limited") });
    const { client, waits } = clientWith();
    const result = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    expect(result.error).toBeInstanceOf(RateLimitError);
    expect(result.error).toMatchObject({ code: "rate_limited", status: 429, retryAfter: 120, retryable: true });
    expect(result.meta.attempts).toBe(1);
    expect(waits).toEqual([]);
  });

  it("waits until an HTTP-date Retry-After", async () => {
    const now = Date.parse("2026-11-21T10:00:00Z");
    server.play(
      { status: 429, headers: { [headerNames.retry_after]: "Sat, 21 Nov 2026 10:00:05 GMT" }, body: errorBody("rate_limited") },
      { status: 200, body: certificate },
    );
    const { client, waits } = clientWith({ retry: { now: () => now } });
    const result = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    expect(result.data).toEqual(certificate);
    expect(waits).toEqual([5000]);
  });

  it("stops after 3 retries", async () => {
    const unavailable = { status: 503, headers: { [headerNames.retry_after]: "0" }, body: errorBody("service_unavailable") };
    server.play(unavailable, unavailable, unavailable, unavailable, unavailable);
    const { client } = clientWith();
    const result = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    expect(result.error).toBeInstanceOf(ServerError);
    expect(result.meta.attempts).toBe(4);
    expect(server.requests).toHaveLength(4);
  });

  it("retries a connection reset in the middle of a response", async () => {
    server.play(
      (_request, response) => {
        response.writeHead(200, { "content-type": "application/json", "content-length": "200" });
        response.write('{"id":"cert_');
        setTimeout(() => response.socket?.destroy(), 10);
      },
      { status: 200, body: certificate },
    );
    const { client, waits } = clientWith();
    const result = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    expect(result.data).toEqual(certificate);
    expect(result.meta.attempts).toBe(2);
    expect(waits).toEqual([250]);
  });

  it("gives a ConnectionError, never data, when every attempt is reset", async () => {
    const reset = (_request: unknown, response: import("node:http").ServerResponse) => response.socket?.destroy();
    server.play(reset, reset, reset, reset);
    const { client } = clientWith();
    const result = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    expect(result.data).toBeUndefined();
    expect(result.error).toBeInstanceOf(ConnectionError);
    expect(result.error).toMatchObject({ code: "connection_error", status: undefined, retryable: true });
    expect(result.meta.attempts).toBe(4);
  });

  it("does not start a wait that would end past the deadline", async () => {
    server.play({ status: 503, headers: { [headerNames.retry_after]: "30" }, body: errorBody("service_unavailable") });
    const { client, waits } = clientWith({ timeoutMs: 10_000 });
    const result = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    expect(result.error).toMatchObject({ code: "service_unavailable", retryAfter: 30 });
    expect(waits).toEqual([]);
  });
});

describe("access tokens (Authentication 2)", () => {
  // @trace refreshes-once-after-a-401-and-retries-with-the
  it("refreshes once after a 401 and retries with the new token", async () => {
    server.play({ status: 401, body: errorBody("unauthenticated") }, { status: 200, body: certificate });
    const tokens = ["token-1", "token-2"];
    const getAccessToken = vi.fn(({ forceRefresh }: { forceRefresh: boolean }) => (forceRefresh ? tokens[1]! : tokens[0]!));
    const { client } = clientWith({ accessToken: undefined, getAccessToken });
    const result = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    expect(result.data).toEqual(certificate);
    expect(getAccessToken.mock.calls.map(([context]) => context.forceRefresh)).toEqual([false, true]);
    expect(server.requests.map((request) => request.headers.authorization)).toEqual(["Bearer token-1", "Bearer token-2"]);
    expect(result.meta.attempts).toBe(2);
  });

  // @trace returns-the-second-401-after-one-refresh
  it("returns the second 401 after one refresh", async () => {
    server.play({ status: 401, body: errorBody("unauthenticated") }, { status: 401, body: errorBody("unauthenticated") });
    let issued = 0;
    const getAccessToken = vi.fn(() => `token-${++issued}`);
    const { client } = clientWith({ accessToken: undefined, getAccessToken });
    const result = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    expect(result.error).toBeInstanceOf(AuthenticationError);
    expect(result.error?.code).toBe("unauthenticated");
    expect(getAccessToken).toHaveBeenCalledTimes(2);
    expect(server.requests).toHaveLength(2);
  });

  it("does not retry a 401 when the token is static", async () => {
    server.play({ status: 401, body: errorBody("unauthenticated") });
    const { client } = clientWith();
    const result = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    expect(result.error).toBeInstanceOf(AuthenticationError);
    expect(server.requests).toHaveLength(1);
  });

  it("shares one refresh between calls in flight", async () => {
    const answer = (request: { headers: Record<string, unknown> }, response: import("node:http").ServerResponse) => {
      const fresh = request.headers.authorization === "Bearer token-2";
      response.writeHead(fresh ? 200 : 401, { "content-type": "application/json" });
      response.end(JSON.stringify(fresh ? certificate : errorBody("unauthenticated")));
    };
    server.play(...Array.from({ length: 10 }, () => answer));
    let issued = 0;
    const getAccessToken = vi.fn(async () => `token-${++issued}`);
    const { client } = clientWith({ accessToken: undefined, getAccessToken });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } })),
    );
    expect(results.every((result) => result.data?.id === "cert_1")).toBe(true);
    expect(getAccessToken).toHaveBeenCalledTimes(2);
    expect(server.requests).toHaveLength(10);
  });

  it("gives an AuthenticationError without sending anything when getAccessToken fails", async () => {
    server.play();
    const { client } = clientWith({ accessToken: undefined, getAccessToken: () => Promise.reject(new Error("identity provider down")) });
    const result = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    expect(result.error).toBeInstanceOf(AuthenticationError);
    expect(result.error?.code).toBe("access_token_unavailable");
    expect(server.requests).toHaveLength(0);
  });
});

describe("errors (Errors › Error codes)", () => {
  // @trace gives-an-unknown-code-as-the-base-apierror-never
  it("gives an unknown code as the base ApiError, never as data, and reports it", async () => {
    server.play({ status: 422, body: errorBody("brand_new_rule", "A rule added after this client.") });
    const onUnknownErrorCode = vi.fn();
    const { client } = clientWith({ hooks: { onUnknownErrorCode } });
    const result = await client.POST("/enrollments", { body: enrollment });
    expect(result.data).toBeUndefined();
    expect(result.error?.constructor).toBe(ApiError);
    expect(result.error).toMatchObject({ code: "brand_new_rule", status: 422, requestId: "req_body" });
    expect(onUnknownErrorCode).toHaveBeenCalledWith(expect.objectContaining({ code: "brand_new_rule", status: 422, path: "/enrollments" }));
  });

  it("logs an unknown code with console.warn when no hook is given", async () => {
    server.play({ status: 400, body: errorBody("another_new_code") });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { client } = clientWith();
    await client.POST("/enrollments", { body: enrollment });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"another_new_code"'));
    warn.mockRestore();
  });

  // @trace applies-the-explanation-window-fallback
  it("applies the explanation-window fallback", async () => {
    server.play({ status: 422, body: errorBody("policy_rejected", "explanation_window_required: the subscriber must be heard first.") });
    const { client } = clientWith();
    const result = await client.POST("/enrollments", { body: enrollment });
    expect(result.error).toBeInstanceOf(ValidationError);
    expect(result.error).toMatchObject({ code: "explanation_window_required", receivedCode: "policy_rejected" });
    expect(result.error?.is("policy_rejected")).toBe(true);
    expect(result.error?.is("explanation_window_required")).toBe(true);
  });

  it("gives a typed error for a 200 whose body is not JSON", async () => {
    server.play({ status: 200, body: "<html>maintenance</html>", raw: true });
    const { client } = clientWith();
    const result = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    expect(result.data).toBeUndefined();
    expect(result.error).toBeInstanceOf(InvalidResponseError);
    expect(result.error).toMatchObject({ code: "invalid_response", status: 200, retryable: false });
    expect(result.error?.message).not.toContain("maintenance");
    expect(server.requests).toHaveLength(1);
  });

  it("gives a typed error for an error status whose body is not JSON", async () => {
    server.play({ status: 404, body: "Not Found", raw: true });
    const { client } = clientWith();
    const result = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    expect(result.error).toBeInstanceOf(InvalidResponseError);
    expect(result.error).toMatchObject({ status: 404, requestId: expect.stringMatching(/^req_/) });
  });

  it("refuses a malformed Idempotency-Key before sending", async () => {
    server.play();
    const { client } = clientWith();
    const result = await client.POST("/enrollments", {
      body: enrollment,
      params: { header: { "Idempotency-Key": "5f0c-uuid-with-hyphens" } },
    });
    expect(result.error).toBeInstanceOf(RequestValidationError);
    expect(result.error?.details[0]?.field).toBe(`$.params.header.${headerNames.idempotency_key}`);
    expect(server.requests).toHaveLength(0);
  });

  it("refuses a missing path parameter before sending", async () => {
    server.play();
    const { client } = clientWith();
    const result = await client.GET("/certificates/{id}", { params: { path: {} } } as never);
    expect(result.error).toBeInstanceOf(RequestValidationError);
    expect(result.error?.details[0]?.field).toBe("$.params.path.id");
    expect(server.requests).toHaveLength(0);
  });
});

describe("idempotency keys (Errors › Idempotency)", () => {
  it("sends the caller's own key unchanged", async () => {
    server.play({ status: 201, body: { id: "enr_3" } });
    const { client } = clientWith();
    const key = "A".repeat(limits.idempotency_key_min_length);
    const result = await client.POST("/enrollments", { body: enrollment, params: { header: { "Idempotency-Key": key } } });
    expect(server.requests[0]!.headers[KEY]).toBe(key);
    expect(result.meta.idempotencyKey).toBe(key);
  });

  it("makes a new key for each call", async () => {
    server.play({ status: 201, body: { id: "enr_4" } }, { status: 201, body: { id: "enr_5" } });
    const { client } = clientWith();
    await createEnrollment(client);
    await createEnrollment(client);
    expect(server.requests[0]!.headers[KEY]).not.toBe(server.requests[1]!.headers[KEY]);
  });

  it("sends no key on a GET", async () => {
    server.play({ status: 200, body: certificate });
    const { client } = clientWith();
    await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    expect(server.requests[0]!.headers[KEY]).toBeUndefined();
  });
});

describe("metadata", () => {
  it("carries the request id, rate limit, entity tag, key and attempts", async () => {
    server.play({ status: 201, headers: { [headerNames.entity_tag]: '"e1"' }, body: { id: "enr_6" } });
    const { client } = clientWith();
    const result = await createEnrollment(client);
    expect(result.meta).toMatchObject({
      requestId: expect.stringMatching(/^req_\d+$/),
      rateLimit: { limit: 100, remaining: 99, reset: 1800000000 },
      etag: '"e1"',
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      attempts: 1,
      fromCache: false,
    });
  });
});

describe("entity-tag cache", () => {
  it("sends If-None-Match and turns a 304 into the cached 200", async () => {
    server.play(
      { status: 200, headers: { [headerNames.entity_tag]: '"v1"' }, body: certificate },
      { status: 304, headers: { [headerNames.entity_tag]: '"v1"' } },
    );
    const { client } = clientWith({ etagCache: true });
    const get = () => client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    const first = await get();
    const second = await get();
    expect(server.requests[0]!.headers["if-none-match"]).toBeUndefined();
    expect(server.requests[1]!.headers["if-none-match"]).toBe('"v1"');
    expect(second.response?.status).toBe(304);
    expect(second.data).toEqual(first.data);
    expect(second.meta).toMatchObject({ fromCache: true, etag: '"v1"' });
  });

  it("does not answer a 304 to the caller's own, different tag with the kept body", async () => {
    server.play(
      { status: 200, headers: { [headerNames.entity_tag]: '"v1"' }, body: certificate },
      { status: 304, headers: { [headerNames.entity_tag]: '"v0"' } },
    );
    const { client } = clientWith({ etagCache: true });
    await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    const result = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" }, header: { "If-None-Match": '"v0"' } } });
    expect(server.requests[1]!.headers["if-none-match"]).toBe('"v0"');
    expect(result.notModified).toBe(true);
    expect(result.data).toBeUndefined();
  });

  it("gives notModified, not an error, for a 304 to the caller's own If-None-Match", async () => {
    server.play({ status: 304, headers: { [headerNames.entity_tag]: '"v1"' } });
    const { client } = clientWith();
    const result = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" }, header: { "If-None-Match": '"v1"' } } });
    expect(result.notModified).toBe(true);
    expect(result.data).toBeUndefined();
    expect(result.error).toBeUndefined();
    expect(server.requests[0]!.headers["if-none-match"]).toBe('"v1"');
  });
});

describe("hooks", () => {
  it("never see the token or the body unless bodies are asked for", async () => {
    const secret = "token-do-not-log";
    const events: unknown[] = [];
    const hooks = {
      onRequest: (event: unknown) => events.push(event),
      onResponse: (event: unknown) => events.push(event),
      onRetry: (event: unknown) => events.push(event),
    };
    server.play({ status: 500, body: errorBody("internal_error") }, { status: 201, body: { id: "enr_7", client_secret: "cs_secret" } });
    const { client } = clientWith({ accessToken: secret, hooks });
    await createEnrollment(client);
    const logged = JSON.stringify(events);
    expect(events).toHaveLength(5);
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain("Office 1");
    expect(logged).not.toContain("cs_secret");
    expect(logged).toContain('"authorization":"[redacted]"');

    events.length = 0;
    server.play({ status: 201, body: { id: "enr_8", client_secret: "cs_secret" } });
    const withBodies = clientWith({ accessToken: secret, hooks: { ...hooks, includeBodies: true } });
    await createEnrollment(withBodies.client);
    expect(JSON.stringify(events)).toContain("Office 1");
    expect(JSON.stringify(events)).toContain("cs_secret");
    expect(JSON.stringify(events)).not.toContain(secret);
  });

  it("a hook that throws does not change the result", async () => {
    server.play({ status: 200, body: certificate });
    const { client } = clientWith({
      hooks: {
        onRequest: () => {
          throw new Error("broken logger");
        },
      },
    });
    const result = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    expect(result.data).toEqual(certificate);
  });
});

describe("deadline and AbortSignal", () => {
  const hang = () => {};

  it("gives a ConnectionError with code deadline_exceeded when the deadline passes", async () => {
    server.play(hang);
    const { client } = clientWith({ timeoutMs: 200 });
    const result = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    expect(result.error).toBeInstanceOf(ConnectionError);
    expect(result.error).toMatchObject({ code: "deadline_exceeded", retryable: false });
    expect(result.meta.attempts).toBe(1);
  });

  it("rejects with the signal's reason when the caller aborts", async () => {
    server.play(hang);
    const { client } = clientWith();
    const controller = new AbortController();
    const pending = client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } }, signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user left")), 50);
    await expect(pending).rejects.toThrow("user left");
  });

  it("aborts a wait between retries", async () => {
    server.play({ status: 503, headers: { [headerNames.retry_after]: "30" }, body: errorBody("service_unavailable") });
    const controller = new AbortController();
    const client = createClient({ baseUrl: server.url, accessToken: "t" });
    const pending = client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } }, signal: controller.signal });
    setTimeout(() => controller.abort(new Error("stop waiting")), 100);
    await expect(pending).rejects.toThrow("stop waiting");
    expect(server.requests).toHaveLength(1);
  });
});

describe("createClient options", () => {
  it.each([
    ["a relative base URL", { baseUrl: "/api" }, /baseUrl/],
    ["both token options", { baseUrl: "http://127.0.0.1", accessToken: "a", getAccessToken: () => "b" }, /not both/],
    ["tls on the portable entry", { baseUrl: "http://127.0.0.1", tls: { cert: "c", key: "k" } }, /client\/node/],
  ])("refuses %s", (_name, options, message) => {
    expect(() => createClient(options as ClientOptions)).toThrow(message);
  });
});
