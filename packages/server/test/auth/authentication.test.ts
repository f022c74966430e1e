// Authentication over HTTP with bearer tokens (Authentication 2–4).
import { describe, expect, it } from "vitest";
import { tokens } from "../support/fixture-app.js";
import { call, expectError } from "../support/http.js";
import { serveFixture } from "../support/serve.js";

const server = serveFixture();
const data = server.data;

describe("authentication", () => {
  // @trace answers-s-401-unauthenticated-with-a-bearer-chal
  it.each([
    ["no credentials", {}],
    ["an unknown token", { authorization: "Bearer forged-token" }],
    ["an expired token", { authorization: `Bearer ${tokens.expired}` }],
    ["Basic credentials", { authorization: "Basic dXNlcjpwYXNz" }],
    ["a bare scheme", { authorization: "Bearer" }],
  ])("answers %s 401 unauthenticated, with a Bearer challenge, before any handler runs", async (_name, headers) => {
    const before = data.calls.getCertificate ?? 0;
    const answer = await call(`${server.url}/certificates/cert_000`, { headers });
    expectError(answer, 401, "unauthenticated");
    expect(answer.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(data.calls.getCertificate ?? 0).toBe(before);
  });

  // @trace answers-a-missing-capability-403-capability-not
  it("answers a missing capability 403 capability_not_granted naming the capability", async () => {
    const answer = await call(`${server.url}/v1/signing-requests/sr_1`, { token: tokens.limited });
    expectError(answer, 403, "capability_not_granted");
    expect(answer.json.error.message).toContain('"signing_requests:read"');
    expect(answer.json.error.details).toEqual([{ code: "missing_capability", message: "signing_requests:read" }]);
  });

  // @trace answers-another-organization-s-resource-404-not
  it("answers another organization's resource 404 not_found, exactly as a missing one", async () => {
    // cert_002 belongs to org_b; cert_999 does not exist.
    const theirs = await call(`${server.url}/certificates/cert_002`, { token: tokens.a });
    const missing = await call(`${server.url}/certificates/cert_999`, { token: tokens.a });
    expectError(theirs, 404, "not_found");
    expectError(missing, 404, "not_found");
    const comparable = (answer: typeof theirs) => ({
      body: { ...answer.json.error, request_id: undefined },
      headers: Object.keys(answer.headers).sort(),
      length: answer.text.length - answer.json.error.request_id.length,
    });
    expect(comparable(theirs)).toEqual(comparable(missing));
    expect((await call(`${server.url}/certificates/cert_002`, { token: tokens.b })).status).toBe(200);
  });
});
