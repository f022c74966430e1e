// The API as a plugin in a context of its own, on an instance from createApiServer, with
// routes of the caller's beside it: each side keeps its own conventions on one port.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiServer, errorRendering, notFound, requestId, signingPlatformApi, staticCredentialResolver } from "../../src/index.js";
import { CURSOR_SECRET, principals, tokens } from "../support/fixture-app.js";
import { call, expectError, expectStandardHeaders, listen, type Running } from "../support/http.js";

let running: Running;

beforeAll(async () => {
  const app = createApiServer();
  app.register(async (api) => {
    await api.register(signingPlatformApi, {
      cursorSecret: CURSOR_SECRET,
      checkResponses: true,
      authentication: { resolver: staticCredentialResolver({ tokens: { [tokens.a]: { principal: principals.a } } }) },
      handlers: {
        getCertificate: ({ params }) => {
          if (params.id !== "cert_1") throw notFound();
          return { status: 200, body: { id: "cert_1", issued_at: "2026-01-01T00:00:00.000Z", subject: "CN=A" } };
        },
      },
    });
  });
  app.get("/healthz", async () => ({ ok: true }));
  app.register(
    async (admin) => {
      await admin.register(errorRendering);
      await admin.register(requestId);
      admin.post(
        "/notes",
        {
          schema: {
            body: { type: "object", properties: { count: { type: "integer", minimum: 1 } }, required: ["count"] },
          },
        },
        async (request) => request.body,
      );
    },
    { prefix: "/admin" },
  );
  running = await listen(app);
});
afterAll(() => running?.close());

describe("the API's context", () => {
  it("serves its operations with every convention", async () => {
    const answer = await call(`${running.url}/certificates/cert_1`, { token: tokens.a });
    expect(answer.status).toBe(200);
    expectStandardHeaders(answer);
    expect(answer.headers.etag).toBeDefined();
  });

  it("answers 401 without credentials, and 404 with the error body for a path no route takes", async () => {
    expectError(await call(`${running.url}/certificates/cert_1`), 401, "unauthenticated");
    expectError(await call(`${running.url}/no/such/path`, { token: tokens.a }), 404, "not_found");
  });

  it("reads the rate-limit counters for a URL refused before routing", async () => {
    expectError(await call(`${running.url}/certificates/%E0%A4%A`), 400, "bad_request");
  });
});

describe("routes beside it", () => {
  it("run none of the API's hooks", async () => {
    const answer = await call(`${running.url}/healthz`);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ok: true });
    expect(answer.headers["ratelimit-limit"]).toBeUndefined();
  });

  it("answer a failed route schema as the API does, with a detail per field", async () => {
    const answer = await call(`${running.url}/admin/notes`, { method: "POST", body: { count: 0 } });
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe("bad_request");
    expect(answer.json.error.details).toEqual([expect.objectContaining({ field: "$.count", code: "minimum" })]);
    expect(answer.json.error.request_id).toBe(answer.headers["request-id"]);
    const missing = await call(`${running.url}/admin/notes`, { method: "POST", body: {} });
    expect(missing.json.error.details).toEqual([expect.objectContaining({ field: "$.count", code: "required" })]);
  });
});
