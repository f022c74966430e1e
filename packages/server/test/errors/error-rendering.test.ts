// Every error in the error body (Errors › Error body): thrown ApiErrorResponses, error replies,
// unexpected exceptions (500 without internals), and no secret or personal data sent by
// the client in any error message or log line.
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { ApiErrorResponse, createApp, staticCredentialResolver } from "../../src/index.js";
import { CURSOR_SECRET, idempotencyKey, principals, tokens } from "../support/fixture-app.js";
import { call, expectError, listen } from "../support/http.js";
import { serveFixture } from "../support/serve.js";

const logLines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});
const server = serveFixture({ logger: { level: "trace", stream } });

const post = (body: unknown, token: string | null = tokens.a, headers: Record<string, string> = {}) =>
  call(`${server.url}/enrollments`, { method: "POST", token, body, headers: { "idempotency-key": idempotencyKey(), ...headers } });

describe("error rendering", () => {
  it("renders an error reply of a handler with its details", async () => {
    const answer = await post({ identity_evidence: { document_type: "passport" } });
    expectError(answer, 400, "enrollment_identity_incomplete");
    expect(answer.json.error.details).toEqual([{ field: "$.identity_evidence.issuing_office", code: "required", message: "is required" }]);
  });

  it("renders a thrown ApiErrorResponse", async () => {
    const answer = await call(`${server.url}/v1/signing-requests/sr_2`, { token: tokens.a });
    expectError(answer, 404, "not_found");
    expect(answer.json.error.message).toBe("The resource does not exist.");
  });

  it("answers an unexpected exception 500 internal_error, with nothing of the exception", async () => {
    const answer = await post({ identity_evidence: { document_type: "unsupported", issuing_office: "x" } });
    expectError(answer, 500, "internal_error");
    expect(answer.json.error.message).toBe("An unexpected error occurred.");
    expect(answer.text).not.toMatch(/ledger-db|5432|refused|at /);
    // The cause is logged for the operators, with the request id.
    const logged = logLines.find((line) => line.includes("500 internal_error, caused by"));
    expect(logged).toContain(answer.headers["request-id"]);
    expect(logged).toContain("ledger-db.internal");
  });

  // @trace puts-no-secret-or-personal-data-the-client-sent
  it("puts no secret or personal data the client sent into an error message or a log line", async () => {
    const secrets = ["sk_live_SECRET_TOKEN_42", "X1234567", "Jane Q. Citizen", "1970-01-01"] as const;
    const answers = await Promise.all([
      call(`${server.url}/certificates/cert_000`, { token: secrets[0] }),
      call(`${server.url}/certificates/cert_000`, { headers: { authorization: `Basic ${secrets[0]}` } }),
      post(`{"identity_evidence":{"passport":"${secrets[1]}",`, tokens.a, { "content-type": "application/json" }),
      post({ identity_evidence: { issuing_office: 42, name: secrets[2], document_number: secrets[1] } }),
      post({ identity_evidence: secrets[2] }),
      post({ identity_evidence: { document_type: ["passport", secrets[1]], born: secrets[3] } }),
      post({ identity_evidence: { issuing_office: "Office" } }, tokens.a, { "idempotency-key": `${secrets[1]}-${secrets[2]}` }),
      call(`${server.url}/certificates?cursor=${encodeURIComponent(secrets[2])}`, { token: tokens.a }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expectError(answer, answer.status, answer.json.error.code);
      for (const secret of secrets) expect(answer.text).not.toContain(secret);
    }
    const log = logLines.join("");
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});

describe("Retry-After", () => {
  // @trace is-added-to-a-429-or-503-a-handler-answers-witho
  it("is added to a 429 or 503 a handler answers without one, and to nothing else", async () => {
    const app = createApp({
      cursorSecret: CURSOR_SECRET,
      authentication: { resolver: staticCredentialResolver({ tokens: { [tokens.a]: { principal: principals.a } } }) },
      handlers: {
        getCertificate: ({ params }) => {
          if (params.id === "busy") return { status: 503, error: { code: "service_unavailable" } };
          if (params.id === "slow") throw new ApiErrorResponse("rate_limited", { headers: { "Retry-After": "30" } });
          return { status: 404, error: { code: "not_found" } };
        },
      },
    });
    const running = await listen(app);
    try {
      const busy = await call(`${running.url}/certificates/busy`, { token: tokens.a });
      expectError(busy, 503, "service_unavailable");
      expect(busy.headers["retry-after"]).toBe("1");
      const slow = await call(`${running.url}/certificates/slow`, { token: tokens.a });
      expectError(slow, 429, "rate_limited");
      expect(slow.headers["retry-after"]).toBe("30");
      const missing = await call(`${running.url}/certificates/other`, { token: tokens.a });
      expectError(missing, 404, "not_found");
      expect(missing.headers["retry-after"]).toBeUndefined();
    } finally {
      await running.close();
    }
  });
});
