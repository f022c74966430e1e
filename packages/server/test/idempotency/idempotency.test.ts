// Idempotency over HTTP (Errors › Idempotency; docs/decisions.md#idempotency-keys), with the memory store and with
// two server instances sharing one real Redis.
import { describe, expect, it } from "vitest";
import { memoryIdempotencyStore, type IdempotencyStore, type StoredResponse } from "../../src/index.js";
import { redisIdempotencyStore } from "../../src/redis.js";
import { fixtureData, idempotencyKey, tokens, type FixtureData } from "../support/fixture-app.js";
import { call, expectError, expectStandardHeaders, type Answer } from "../support/http.js";
import { serveFixture, useRedis } from "../support/serve.js";

const evidence = { identity_evidence: { document_type: "passport", issuing_office: "Kathmandu" } };

function postTo(server: { url: string }) {
  return (key: string | undefined, body: unknown = evidence, token = tokens.a, headers: Record<string, string> = {}) =>
    call(`${server.url}/enrollments`, {
      method: "POST",
      token,
      body,
      headers: { ...(key !== undefined && { "idempotency-key": key }), ...headers },
    });
}

/** Holds createEnrollment until `release` is called. */
function hold(data: FixtureData): () => void {
  let release!: () => void;
  data.hold = new Promise<void>((resolve) => (release = resolve));
  return () => {
    data.hold = null;
    release();
  };
}

/**
 * One answer is the operation's own 201; every other is 409 conflict (it arrived while the
 * operation ran) or, if it arrived after, the replay of that 201.
 */
function expectOneRunAndReplays(answers: Answer[]): void {
  const fresh = answers.filter((answer) => answer.status === 201 && answer.headers["idempotent-replayed"] === undefined);
  expect(fresh).toHaveLength(1);
  for (const answer of answers) {
    if (answer === fresh[0]) continue;
    if (answer.status === 409) expectError(answer, 409, "conflict");
    else expect([answer.status, answer.text, answer.headers["idempotent-replayed"]]).toEqual([201, fresh[0]!.text, "true"]);
  }
  expect(answers.filter((answer) => answer.status === 409).length).toBeGreaterThan(0);
}

describe("idempotency (memory store)", () => {
  const server = serveFixture();
  const data = server.data;
  const post = postTo(server);

  // @trace replays-the-same-key-and-payload-original-status
  it("replays the same key and payload: original status and body, Idempotent-Replayed, fresh Request-Id, current rate limit", async () => {
    const key = idempotencyKey();
    const first = await post(key);
    const again = await post(key, { identity_evidence: { issuing_office: "Kathmandu", document_type: "passport" } });
    expect(first.status).toBe(201);
    expect([again.status, again.text, again.headers.location]).toEqual([201, first.text, first.headers.location]);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expectStandardHeaders(again);
    expect(again.headers["request-id"]).not.toBe(first.headers["request-id"]);
    expect(Number(again.headers["ratelimit-remaining"])).toBe(Number(first.headers["ratelimit-remaining"]) - 1);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(data.enrollments.filter((enrollment) => enrollment.id === first.json.id)).toHaveLength(1);
  });

  // @trace answers-the-same-key-with-another-payload-409-id
  it("answers the same key with another payload 409 idempotency_key_reused", async () => {
    const key = idempotencyKey();
    await post(key);
    const before = data.enrollments.length;
    expectError(await post(key, { identity_evidence: { issuing_office: "Pokhara" } }), 409, "idempotency_key_reused");
    expect(data.enrollments.length).toBe(before);
  });

  // @trace answers-a-key-whose-first-request-is-still-runni
  it("answers a key whose first request is still running 409 conflict", async () => {
    const key = idempotencyKey();
    const release = hold(data);
    const first = post(key);
    await expect.poll(() => data.calls.createEnrollment).toBeGreaterThan(0);
    const second = await post(key);
    release();
    expectError(second, 409, "conflict");
    expect((await first).status).toBe(201);
  });

  // @trace runs-the-operation-once-for-n-concurrent-request
  it("runs the operation once for N concurrent requests with one key", async () => {
    const key = idempotencyKey();
    const callsBefore = data.calls.createEnrollment ?? 0;
    const release = hold(data);
    const answers = Promise.all(Array.from({ length: 20 }, () => post(key)));
    await expect.poll(() => data.calls.createEnrollment).toBe(callsBefore + 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(data.calls.createEnrollment).toBe(callsBefore + 1);
    expectOneRunAndReplays(await answers);
  });

  it("scopes a key to the organization: another organization's same key runs its own operation", async () => {
    const key = idempotencyKey();
    const a = await post(key, evidence, tokens.a);
    const b = await post(key, evidence, tokens.b);
    const a2 = await post(key, evidence, tokens.a2);
    expect([a.status, b.status, a2.status]).toEqual([201, 201, 201]);
    expect(b.json.id).not.toBe(a.json.id);
    expect(b.headers["idempotent-replayed"]).toBeUndefined();
    // Another application of the same organization shares its keys.
    expect([a2.json.id, a2.headers["idempotent-replayed"]]).toEqual([a.json.id, "true"]);
  });

  it("does not keep a 500: the same key runs the operation again", async () => {
    const key = idempotencyKey();
    const failing = { identity_evidence: { document_type: "unsupported", issuing_office: "x" } };
    const before = data.calls.createEnrollment ?? 0;
    expectError(await post(key, failing), 500, "internal_error");
    expectError(await post(key, failing), 500, "internal_error");
    expect(data.calls.createEnrollment).toBe(before + 2);
  });

  it("keeps a 4xx the operation produced, and replays it with the new Request-Id as request_id", async () => {
    for (const [body, status, code] of [
      [{ identity_evidence: { document_type: "passport" } }, 400, "enrollment_identity_incomplete"],
      [{ identity_evidence: { document_type: "policy", issuing_office: "x" } }, 422, "policy_rejected"],
    ] as const) {
      const key = idempotencyKey();
      const before = data.calls.createEnrollment ?? 0;
      const first = await post(key, body);
      const again = await post(key, body);
      expectError(first, status, code);
      expectError(again, status, code);
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect(again.json.error.details).toEqual(first.json.error.details);
      expect(data.calls.createEnrollment).toBe(before + 1);
    }
  });

  it.each<[string, { body?: unknown; headers?: Record<string, string>; token?: string }, number]>([
    ["a schema failure (400)", { body: { identity_evidence: "nope" } }, 400],
    ["an unsupported Content-Type (415)", { body: "a=b", headers: { "content-type": "application/x-www-form-urlencoded" } }, 415],
    ["a missing credential (401)", { token: "" }, 401],
    ["a missing capability (403)", { token: tokens.limited }, 403],
  ])("does not keep %s: the key then runs the operation", async (_name, rejected, status) => {
    const key = idempotencyKey();
    const first = await call(`${server.url}/enrollments`, {
      method: "POST",
      token: rejected.token === "" ? null : (rejected.token ?? tokens.a),
      body: rejected.body ?? evidence,
      headers: { "idempotency-key": key, ...rejected.headers },
    });
    expect(first.status).toBe(status);
    const second = await post(key);
    expect(second.status).toBe(201);
    expect(second.headers["idempotent-replayed"]).toBeUndefined();
  });

  // @trace answers-an-idempotency-key-s-400-bad-request-nam
  it.each([
    ["missing", undefined, "required"],
    ["15 characters", "a".repeat(15), "pattern"],
    ["129 characters", "a".repeat(129), "pattern"],
    ["a hyphenated UUID", "1b4e28ba-2fa1-11d2-883f-0016d3cca427", "pattern"],
    ["with a space", "abcdefghij klmnopqr", "pattern"],
    ["non-ASCII letters", "ñandú".repeat(4), "pattern"],
  ])("answers an Idempotency-Key %s 400 bad_request naming the header", async (_name, key, code) => {
    const before = data.calls.createEnrollment ?? 0;
    const answer = await post(
      key === undefined ? undefined : encodeURIComponent(key) === key ? key : key.replace(/[^\x20-\x7e]/g, "x") + "-",
    );
    expectError(answer, 400, "bad_request");
    expect(answer.json.error.details).toEqual([expect.objectContaining({ field: "Idempotency-Key", code })]);
    expect(data.calls.createEnrollment ?? 0).toBe(before);
  });

  it("accepts keys of 16 and 128 letters and digits", async () => {
    expect((await post("A1".repeat(8))).status).toBe(201);
    expect((await post("z9".repeat(64))).status).toBe(201);
  });
});

describe("the stored outcome", () => {
  // A store that remembers what it was asked to keep, around the real memory store.
  const kept: StoredResponse[] = [];
  const memory = memoryIdempotencyStore();
  const store: IdempotencyStore = {
    claim: (key, fingerprint, leaseMs) => memory.claim(key, fingerprint, leaseMs),
    complete: (key, token, outcome, ttlMs) => {
      kept.push(outcome.response);
      return memory.complete(key, token, outcome, ttlMs);
    },
    release: (key, token) => memory.release(key, token),
  };
  const server = serveFixture({ idempotency: { store } });
  const post = postTo(server);

  it("is the status, the body, the content type and the headers the operation set; per-response headers are left out", async () => {
    const first = await post(idempotencyKey());
    expect(first.status).toBe(201);
    expect(kept).toEqual([
      { status: 201, body: first.text, headers: { "content-type": first.headers["content-type"], location: first.headers.location } },
    ]);
    // What was left out is on the response all the same, set by the hooks.
    expectStandardHeaders(first);
    expect(first.headers.etag).toBeDefined();
  });
});

describe("idempotency shared through Redis by two instances", () => {
  const redis = useRedis();
  const data = fixtureData();
  const servers = [0, 1].map(() =>
    serveFixture(async () => ({ idempotency: { store: redisIdempotencyStore(await redis.client()) } }), data),
  );

  it("replays on one instance what the other created", async () => {
    const key = idempotencyKey();
    const first = await postTo(servers[0]!)(key);
    const again = await postTo(servers[1]!)(key);
    expect(first.status).toBe(201);
    expect([again.status, again.text, again.headers["idempotent-replayed"]]).toEqual([201, first.text, "true"]);
    expectError(await postTo(servers[1]!)(key, { identity_evidence: { issuing_office: "Other" } }), 409, "idempotency_key_reused");
  });

  it("runs the operation once for concurrent requests spread over both instances", async () => {
    const key = idempotencyKey();
    const before = data.calls.createEnrollment ?? 0;
    const release = hold(data);
    const answers = Promise.all(Array.from({ length: 10 }, (_, index) => postTo(servers[index % 2]!)(key)));
    await expect.poll(() => data.calls.createEnrollment).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(data.calls.createEnrollment).toBe(before + 1);
    expectOneRunAndReplays(await answers);
  });
});
