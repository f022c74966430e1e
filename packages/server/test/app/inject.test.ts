// Fastify's own test path: every convention answers through `app.inject()` as it does over a
// real socket on loopback. Each case runs both ways on the same app and must agree.
import { describe, expect, it } from "vitest";
import { fixtureApp, idempotencyKey, tokens } from "../support/fixture-app.js";
import { expectError, expectStandardHeaders, transportsOf } from "../support/http.js";

const { app, data } = fixtureApp({ onInternalError: () => undefined });
const transports = transportsOf(app);

describe.each(transports)("through %s", (_name, send) => {
  it("serves an operation with Request-Id, rate-limit headers and a strong ETag, and 304 on If-None-Match", async () => {
    const first = await send("/certificates/cert_000", { token: tokens.a });
    expect(first.status).toBe(200);
    expectStandardHeaders(first);
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const again = await send("/certificates/cert_000", { token: tokens.a, headers: { "if-none-match": first.headers.etag! } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
  });

  it.each([
    ["no credentials", "/certificates/cert_000", null, 401, "unauthenticated"],
    ["another organization's certificate", "/certificates/cert_002", tokens.a, 404, "not_found"],
    ["a path no operation has", "/no/such/path", tokens.a, 404, "not_found"],
    ["a limit out of range", "/certificates?limit=0", tokens.a, 400, "bad_request"],
    ["a cursor not issued for the list", "/certificates?cursor=abc.def", tokens.a, 400, "bad_request"],
  ] as const)("answers %s with the error body", async (_case, path, token, status, code) => {
    expectError(await send(path, { token }), status, code);
  });

  it("pages a list with signed cursors", async () => {
    const first = await send("/certificates?limit=2", { token: tokens.a });
    expect(first.status).toBe(200);
    expect(first.json.items).toHaveLength(2);
    const next = new URL(first.json.next);
    const second = await send(`${next.pathname}${next.search}`, { token: tokens.a });
    expect(second.status).toBe(200);
    expect(second.json.items[0].id).not.toBe(first.json.items[0].id);
  });

  it("requires, claims and replays an Idempotency-Key: the same key twice makes one enrollment", async () => {
    const body = { identity_evidence: { document_type: "passport", issuing_office: "Office 1" } };
    expectError(await send("/enrollments", { method: "POST", token: tokens.a, body }), 400, "bad_request");
    const key = idempotencyKey();
    const before = data.enrollments.length;
    const created = await send("/enrollments", { method: "POST", token: tokens.a, body, headers: { "idempotency-key": key } });
    const replayed = await send("/enrollments", { method: "POST", token: tokens.a, body, headers: { "idempotency-key": key } });
    expect([created.status, replayed.status]).toEqual([201, 201]);
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    expect(replayed.json).toEqual(created.json);
    expect(data.enrollments.length).toBe(before + 1);
  });

  it("answers a handler's exception with 500 internal_error and no word of its cause", async () => {
    const body = { identity_evidence: { document_type: "unsupported" } };
    const answer = await send("/enrollments", { method: "POST", token: tokens.a, body, headers: { "idempotency-key": idempotencyKey() } });
    expectError(answer, 500, "internal_error");
    expect(answer.text).not.toContain("ledger-db");
  });
});
