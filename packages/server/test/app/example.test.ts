// The example service of examples/server: two handlers, and every convention applies.
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExampleService } from "../../../../examples/server/service.mjs";
import { idempotencyKey } from "../support/fixture-app.js";
import { call, expectError, expectStandardHeaders, listen, type Running } from "../support/http.js";

let server: Running;
beforeAll(async () => {
  server = await listen(createExampleService({ checkResponses: true }));
});
afterAll(() => server.close());

const token = "example-token-org-a";

describe("the example service", () => {
  it("type-checks against the generated handler types", () => {
    const file = fileURLToPath(new URL("../../../../examples/server/service.mjs", import.meta.url));
    const program = ts.createProgram([file], {
      allowJs: true,
      checkJs: true,
      noEmit: true,
      strict: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      skipLibCheck: true,
      types: ["node"],
    });
    const diagnostics = ts.getPreEmitDiagnostics(program, program.getSourceFile(file));
    expect(diagnostics.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"))).toEqual([]);
  });

  it("answers GET with Request-Id, rate-limit headers and an ETag, and 304 on If-None-Match", async () => {
    const answer = await call(`${server.url}/certificates/cert_1`, { token });
    expect([answer.status, answer.json]).toEqual([200, { id: "cert_1", subject: "CN=Asha Gurung" }]);
    expectStandardHeaders(answer);
    const again = await call(`${server.url}/certificates/cert_1`, { token, headers: { "if-none-match": answer.headers.etag! } });
    expect([again.status, again.text]).toEqual([304, ""]);
  });

  it("hides another organization's certificate as 404, and refuses a missing token with 401", async () => {
    expectError(await call(`${server.url}/certificates/cert_2`, { token }), 404, "not_found");
    expectError(await call(`${server.url}/certificates/cert_1`), 401, "unauthenticated");
  });

  it("requires and honours Idempotency-Key on POST, and validates the body", async () => {
    expectError(await call(`${server.url}/enrollments`, { method: "POST", token, body: {} }), 400, "bad_request");
    const key = idempotencyKey();
    const body = { identity_evidence: { document_type: "passport", issuing_office: "Kathmandu" } };
    const created = await call(`${server.url}/enrollments`, { method: "POST", token, body, headers: { "idempotency-key": key } });
    const replayed = await call(`${server.url}/enrollments`, { method: "POST", token, body, headers: { "idempotency-key": key } });
    expect(created.status).toBe(201);
    expect([replayed.status, replayed.text, replayed.headers["idempotent-replayed"]]).toEqual([201, created.text, "true"]);
    const invalid = await call(`${server.url}/enrollments`, {
      method: "POST",
      token,
      body: { identity_evidence: "passport" },
      headers: { "idempotency-key": idempotencyKey() },
    });
    expectError(invalid, 400, "bad_request");
  });

  it("does not serve the operations it has no handler for", async () => {
    expectError(await call(`${server.url}/certificates`, { token }), 404, "not_found");
  });
});
