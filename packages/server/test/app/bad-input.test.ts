// Malformed and hostile requests, table-driven (the project guide's "bad input always gets
// a clear, typed error"): each gets the right status and code in the error body, with
// request_id equal to Request-Id, the rate-limit headers, and nothing created. Served over
// HTTPS with optional client certificates, so the mutual-TLS cases run on the same server.
// Then fast-check throws random bodies, header values and cursors at it: always a typed
// answer, never a 5xx.
import fc from "fast-check";
import { connect as tlsConnect } from "node:tls";
import { Agent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticCredentialResolver } from "../../src/index.js";
import { makeTestPki, type TestPki } from "../../../../test/support/certificates.js";
import { capabilities, fixtureApp, idempotencyKey, principals, tokens, type FixtureData } from "../support/fixture-app.js";
import { call, expectError, listen, type Answer, type CallOptions, type Running } from "../support/http.js";
import { rawRequest } from "../support/raw-http.js";

let pki: TestPki;
let server: Running;
let data: FixtureData;
let plain: Agent;
let withCertificateA: Agent;

beforeAll(async () => {
  pki = makeTestPki();
  const fixture = fixtureApp({
    limits: { maxBodyBytes: 64 * 1024, maxUriLength: 2048, headersTimeoutMs: 1500 },
    https: { key: pki.server.key, cert: pki.server.cert, ca: [pki.ca], requestCert: true, rejectUnauthorized: false },
    authentication: {
      capabilities,
      resolver: staticCredentialResolver({
        tokens: {
          [tokens.a]: { principal: principals.a },
          [tokens.b]: { principal: principals.b },
          [tokens.limited]: { principal: principals.limited },
          [tokens.expired]: { principal: principals.a, expiresAt: Date.now() - 1 },
        },
        certificates: { [pki.clientA.fingerprint256]: { principal: principals.a } },
      }),
    },
  });
  data = fixture.data;
  server = await listen(fixture.app);
  plain = new Agent({ connect: { ca: pki.ca } });
  withCertificateA = new Agent({ connect: { ca: pki.ca, cert: pki.clientA.cert, key: pki.clientA.key } });
});
afterAll(async () => {
  await Promise.all([plain?.close(), withCertificateA?.close()]);
  await server?.close();
});

const send = (path: string, options: CallOptions = {}) => call(server.url + path, { dispatcher: plain, token: tokens.a, ...options });
const post = (body: unknown, headers: Record<string, string> = {}, options: CallOptions = {}) =>
  send("/enrollments", { method: "POST", body, headers: { "idempotency-key": idempotencyKey(), ...headers }, ...options });
const raw = (head: string, body: string | Buffer = "") => rawRequest(server.url, pki.ca, head, body);
const rawPost = (extraHeaders: string, body: string | Buffer = '{"identity_evidence":{"issuing_office":"x"}}') =>
  raw(
    `POST /enrollments HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${tokens.a}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n${extraHeaders}Connection: close\r\n\r\n`,
    body,
  );
/** A body whose JSON string holds bytes that are not UTF-8 (a lone 0xFF). */
const notUtf8 = Buffer.concat([Buffer.from('{"identity_evidence":{"issuing_office":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}}')]);
const nested = (depth: number) => `{"identity_evidence":{"issuing_office":"x","extra":${"[".repeat(depth)}${"]".repeat(depth)}}}`;

async function cursorOf(token: string): Promise<string> {
  return (await send("/certificates?limit=1", { token })).json.cursor;
}

type Case = [name: string, send: () => Promise<Answer>, status: number, code: string, field?: string];

const cases: Case[] = [
  // Bodies
  ["malformed JSON", () => post('{"identity_evidence": {', { "content-type": "application/json" }), 400, "bad_request", "$"],
  [
    "JSON with trailing garbage",
    () => post('{"identity_evidence": {}} x', { "content-type": "application/json" }),
    400,
    "bad_request",
    "$",
  ],
  ["a JSON array body", () => post("[1,2]", { "content-type": "application/json" }), 400, "bad_request", "$"],
  ["a JSON string body", () => post('"text"', { "content-type": "application/json" }), 400, "bad_request", "$"],
  ["a JSON null body", () => post("null", { "content-type": "application/json" }), 400, "bad_request", "$"],
  ["an empty JSON body", () => post("", { "content-type": "application/json" }), 400, "bad_request", "$"],
  ["a number where an object belongs", () => post({ identity_evidence: 42 }), 400, "bad_request", "$.identity_evidence"],
  [
    "an object where a string belongs",
    () => post({ identity_evidence: { issuing_office: { $gt: "" } } }),
    400,
    "bad_request",
    "$.identity_evidence.issuing_office",
  ],
  [
    "a __proto__ key (prototype poisoning)",
    () => post('{"__proto__":{"admin":true}}', { "content-type": "application/json" }),
    400,
    "bad_request",
  ],
  [
    "a constructor.prototype key",
    () => post('{"constructor":{"prototype":{"admin":true}}}', { "content-type": "application/json" }),
    400,
    "bad_request",
  ],
  ["a body over the limit", () => post({ identity_evidence: { issuing_office: "x".repeat(70 * 1024) } }), 413, "payload_too_large"],
  [
    "JSON nested 5,000 levels deep in an open field",
    () => post(nested(5000), { "content-type": "application/json" }),
    400,
    "bad_request",
    "$",
  ],
  [
    "JSON nested 65 levels deep (one over the limit)",
    () => post(nested(64), { "content-type": "application/json" }),
    400,
    "bad_request",
    "$",
  ],
  [
    "bytes that are not UTF-8 inside a JSON string",
    () => rawPost(`Idempotency-Key: ${idempotencyKey()}\r\n`, notUtf8),
    400,
    "bad_request",
    "$",
  ],
  [
    "a charset other than UTF-8",
    () => post({ identity_evidence: { issuing_office: "x" } }, { "content-type": "application/json; charset=iso-8859-1" }),
    415,
    "unsupported_media_type",
  ],
  [
    "Content-Encoding gzip",
    () => post({ identity_evidence: { issuing_office: "x" } }, { "content-encoding": "gzip" }),
    415,
    "unsupported_media_type",
  ],
  [
    "Transfer-Encoding gzip, chunked",
    () =>
      raw(
        `POST /enrollments HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${tokens.a}\r\nIdempotency-Key: ${idempotencyKey()}\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
      ),
    415,
    "unsupported_media_type",
  ],
  // URIs
  ["a path over the URI limit", () => send(`/certificates/cert_${"9".repeat(3000)}`), 414, "uri_too_long"],
  ["a query over the URI limit", () => send(`/certificates?limit=2&pad=${"x".repeat(3000)}`), 414, "uri_too_long"],
  [
    "a URI of 70,000 characters (over Node's head limit)",
    () => raw(`GET /certificates/cert_${"9".repeat(70_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
    414,
    "uri_too_long",
  ],
  [
    "a URI of 200,000 characters",
    () => raw(`GET /certificates?pad=${"x".repeat(200_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
    414,
    "uri_too_long",
  ],
  // Heads
  [
    "a header field of 70,000 bytes (over Node's head limit)",
    () => raw(`GET /certificates HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(70_000)}\r\nConnection: close\r\n\r\n`),
    431,
    "request_header_fields_too_large",
  ],
  [
    "a header field of 200,000 bytes",
    () => raw(`GET /certificates HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(200_000)}\r\nConnection: close\r\n\r\n`),
    431,
    "request_header_fields_too_large",
  ],
  [
    "an HTTP/1.1 request without Host",
    () => raw(`GET /certificates HTTP/1.1\r\nAuthorization: Bearer ${tokens.a}\r\nConnection: close\r\n\r\n`),
    400,
    "bad_request",
    "Host",
  ],
  [
    "an Expect the server does not know, served as if absent",
    () =>
      raw(
        `GET /certificates/cert_999 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${tokens.a}\r\nExpect: bogus\r\nConnection: close\r\n\r\n`,
      ),
    404,
    "not_found",
  ],
  ["CONNECT to another port", () => raw("CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n"), 400, "bad_request"],
  ["GET * (the asterisk-form is OPTIONS's alone)", () => raw("GET * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"), 400, "bad_request"],
  ["a malformed percent-encoding", () => send("/certificates/%E0%A4%A"), 400, "bad_request"],
  ["a path traversal", () => send("/certificates/..%2F..%2Fetc%2Fpasswd"), 404, "not_found"],
  ["a NUL byte in the id", () => send("/certificates/cert_000%00"), 404, "not_found"],
  ["an unknown path", () => send("/admin"), 404, "not_found"],
  ["a method the path does not have", () => send("/certificates/cert_000", { method: "DELETE" }), 404, "not_found"],
  // Content types
  ["Content-Type text/plain", () => post("identity_evidence=x", { "content-type": "text/plain" }), 415, "unsupported_media_type"],
  ["Content-Type application/xml", () => post("<enrollment/>", { "content-type": "application/xml" }), 415, "unsupported_media_type"],
  [
    "a body without Content-Type",
    () =>
      raw(
        `POST /enrollments HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${tokens.a}\r\nIdempotency-Key: ${idempotencyKey()}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n`,
        "{}",
      ),
    415,
    "unsupported_media_type",
  ],
  // Idempotency keys
  [
    "no Idempotency-Key",
    () => send("/enrollments", { method: "POST", body: { identity_evidence: { issuing_office: "x" } } }),
    400,
    "bad_request",
    "Idempotency-Key",
  ],
  ["an Idempotency-Key of 15 characters", () => post({}, { "idempotency-key": "A".repeat(15) }), 400, "bad_request", "Idempotency-Key"],
  ["an Idempotency-Key of 129 characters", () => post({}, { "idempotency-key": "A".repeat(129) }), 400, "bad_request", "Idempotency-Key"],
  [
    "a hyphenated UUID as Idempotency-Key",
    () => post({}, { "idempotency-key": crypto.randomUUID() }),
    400,
    "bad_request",
    "Idempotency-Key",
  ],
  [
    "markup in the Idempotency-Key",
    () => post({}, { "idempotency-key": "<script>alert(1)</script>AAAA" }),
    400,
    "bad_request",
    "Idempotency-Key",
  ],
  // Credentials
  ["no credentials", () => send("/certificates/cert_000", { token: null }), 401, "unauthenticated"],
  ["a forged token", () => send("/certificates/cert_000", { token: "eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9." }), 401, "unauthenticated"],
  ["an expired token", () => send("/certificates/cert_000", { token: tokens.expired }), 401, "unauthenticated"],
  ["a token in the query string", () => send(`/certificates/cert_000?access_token=${tokens.a}`, { token: null }), 401, "unauthenticated"],
  [
    "Basic credentials",
    () => send("/certificates/cert_000", { token: null, headers: { authorization: `Basic ${btoa("admin:admin")}` } }),
    401,
    "unauthenticated",
  ],
  [
    "a client certificate and a token of two applications",
    () => send("/certificates/cert_000", { token: tokens.b, dispatcher: withCertificateA }),
    401,
    "credential_binding_mismatch",
  ],
  [
    "a missing capability",
    () => post({ identity_evidence: { issuing_office: "x" } }, {}, { token: tokens.limited }),
    403,
    "capability_not_granted",
  ],
  ["another organization's certificate", () => send("/certificates/cert_002"), 404, "not_found"],
  // Pagination
  [
    "a tampered cursor",
    async () => send(`/certificates?limit=1&cursor=${(await cursorOf(tokens.a)).replace(/.$/, (last) => (last === "A" ? "B" : "A"))}`),
    400,
    "bad_request",
    "cursor",
  ],
  [
    "another organization's cursor",
    async () => send(`/certificates?limit=1&cursor=${await cursorOf(tokens.b)}`),
    400,
    "bad_request",
    "cursor",
  ],
  ["a cursor carrying CRLF and a header", () => send("/certificates?cursor=x%0D%0ASet-Cookie:%20a=b"), 400, "bad_request", "cursor"],
  ["limit 0", () => send("/certificates?limit=0"), 400, "bad_request", "limit"],
  ["limit 101", () => send("/certificates?limit=101"), 400, "bad_request", "limit"],
  ["limit given twice", () => send("/certificates?limit=1&limit=2"), 400, "bad_request", "limit"],
  // Header injection and request smuggling, below what a client library lets through
  [
    "CRLF in the Idempotency-Key, injecting a header",
    () => rawPost(`Idempotency-Key: short\r\nX-Injected: yes\r\n`),
    400,
    "bad_request",
    "Idempotency-Key",
  ],
  ["a bare CR inside a header value", () => rawPost(`Idempotency-Key: ${idempotencyKey()}\rSet-Cookie: a=b\r\n`), 400, "bad_request"],
  ["a folded (obs-fold) header", () => rawPost(`Idempotency-Key: ${idempotencyKey()}\r\n X-Folded: yes\r\n`), 400, "bad_request"],
  ["Content-Length and Transfer-Encoding together", () => rawPost("Transfer-Encoding: chunked\r\n"), 400, "bad_request"],
  ["a second, different Content-Length", () => rawPost("Content-Length: 3\r\n"), 400, "bad_request"],
];

describe("bad input", () => {
  it("has at least 30 cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  // @trace answers-s-with-the-typed-error
  it.each(cases)("answers %s with the typed error", async (_name, request, status, code, field) => {
    const answer = await request();
    expectError(answer, status, code);
    if (field !== undefined) expect(answer.json.error.details.map((detail: { field?: string }) => detail.field)).toContain(field);
    expect(answer.headers["set-cookie"]).toBeUndefined();
    expect(answer.headers["x-injected"]).toBeUndefined();
  });

  it("created nothing and ran no operation that writes", () => {
    expect(data.enrollments).toEqual([]);
    expect(data.calls.createEnrollment ?? 0).toBe(0);
  });
});

describe("a client that never finishes its request head (slowloris)", () => {
  // @trace is-answered-408-request-timeout
  it("is answered 408 request_timeout with the error body, then the connection closes", async () => {
    const { hostname, port } = new URL(server.url);
    const text = await new Promise<string>((resolve, reject) => {
      const socket = tlsConnect({ host: hostname, port: Number(port), ca: pki.ca }, () =>
        socket.write("GET /certificates HTTP/1.1\r\nHost: x\r\nX-Slow: "),
      );
      let received = "";
      socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
      socket.on("close", () => resolve(received));
      socket.on("error", reject);
      socket.setTimeout(20_000, () => socket.destroy(new Error("no answer within 20 s")));
    });
    const [head = "", body = ""] = text.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    const json = JSON.parse(body);
    expect(json.error.code).toBe("request_timeout");
    expect(head.toLowerCase()).toContain(`request-id: ${json.error.request_id}`);
  });
});

describe("random input (fast-check)", () => {
  const isTyped = (answer: Answer) => {
    if (answer.status < 300) return;
    expectError(answer, answer.status, answer.json?.error?.code);
    expect(answer.status).toBeLessThan(500);
  };

  it("answers any body with 201 or a typed 4xx, never a 5xx", async () => {
    const body = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.json({ maxDepth: 3 }),
      fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify({ identity_evidence: value })),
    );
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        isTyped(await post(text, { "content-type": "application/json" }));
      }),
      { numRuns: 60 },
    );
  });

  it("answers any Idempotency-Key and Authorization value with a typed answer", async () => {
    const headerValue = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 150 });
    await fc.assert(
      fc.asyncProperty(headerValue, headerValue, async (key, authorization) => {
        const keyed = await post({ identity_evidence: {} }, { "idempotency-key": key.trim() === "" ? "x" : key });
        isTyped(keyed);
        if (!/^[A-Za-z0-9]{16,128}$/.test(key)) expect(keyed.status).toBe(400);
        const authorized = await send("/certificates/cert_000", { token: null, headers: { authorization } });
        isTyped(authorized);
        expect(authorized.status).toBe(401);
      }),
      { numRuns: 40 },
    );
  });

  it("answers any cursor that was not issued with 400 naming cursor", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 120 }), async (cursor) => {
        const answer = await send(`/certificates?cursor=${encodeURIComponent(cursor)}`);
        expectError(answer, 400, "bad_request");
        expect(answer.json.error.details[0].field).toBe("cursor");
      }),
      { numRuns: 40 },
    );
  });
});
