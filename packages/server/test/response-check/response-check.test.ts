// Response checking in development: a handler that breaks the contract is caught loudly.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, staticCredentialResolver, type ContractViolation, type OperationHandlers } from "../../src/index.js";
import { CURSOR_SECRET, principals, tokens } from "../support/fixture-app.js";
import { call, expectError, listen, type Running } from "../support/http.js";

const signingRequest = { id: "sr_1", object: "signing_request" as const, status: "completed", client_secret: "cs", documents: [] };

// Each id makes the handler break the contract one way; the casts are how a bug slips past the types.
const handlers: Partial<OperationHandlers> = {
  getSigningRequest: ({ params }) => {
    switch (params.id) {
      case "sr_no_secret":
        return { status: 200, body: { ...signingRequest, client_secret: undefined } as never };
      case "sr_bad_id":
        return { status: 200, body: { ...signingRequest, id: "cert_1" } };
      case "sr_201":
        return { status: 201, body: signingRequest } as never;
      case "sr_wrong_code":
        return { status: 404, error: { code: "conflict" } } as never;
      default:
        return { status: 200, body: signingRequest };
    }
  },
};

function appWith(checkResponses: boolean, violations: ContractViolation[]) {
  return createApp({
    cursorSecret: CURSOR_SECRET,
    authentication: { resolver: staticCredentialResolver({ tokens: { [tokens.a]: { principal: principals.a } } }) },
    handlers,
    checkResponses: checkResponses && { onViolation: (violation) => violations.push(violation) },
  });
}

const violations: ContractViolation[] = [];
let checked: Running;
let unchecked: Running;
beforeAll(async () => {
  checked = await listen(appWith(true, violations));
  unchecked = await listen(appWith(false, []));
});
afterAll(async () => {
  await checked.close();
  await unchecked.close();
});

describe("response checking", () => {
  it.each([
    ["a body without a required field", "sr_no_secret", 200, [{ field: "$.client_secret", code: "required" }]],
    ["a body with a wrong id shape", "sr_bad_id", 200, [{ field: "$.id", code: "pattern" }]],
    ["a status the operation does not declare", "sr_201", 201, [{ field: "status", code: "undeclared_status" }]],
    ["an error code the operation does not carry", "sr_wrong_code", 404, [{ field: "$.error.code", code: "undeclared_code" }]],
  ])("replaces %s by a loud 500 internal_error naming the problem", async (_name, id, status, problems) => {
    const answer = await call(`${checked.url}/v1/signing-requests/${id}`, { token: tokens.a });
    expectError(answer, 500, "internal_error");
    expect(answer.json.error.message).toContain("broke the API contract");
    expect(answer.json.error.details).toEqual(problems.map((problem) => expect.objectContaining(problem)));
    expect(answer.headers.etag).toBeUndefined();
    expect(violations.at(-1)).toMatchObject({ operationId: "getSigningRequest", status });
  });

  it("lets a response that keeps the contract through unchanged", async () => {
    const count = violations.length;
    const answer = await call(`${checked.url}/v1/signing-requests/sr_1`, { token: tokens.a });
    expect([answer.status, answer.json]).toEqual([200, signingRequest]);
    expect(violations.length).toBe(count);
  });

  it("is an option: without it the broken response goes out as the handler made it", async () => {
    const answer = await call(`${unchecked.url}/v1/signing-requests/sr_bad_id`, { token: tokens.a });
    expect([answer.status, answer.json.id]).toEqual([200, "cert_1"]);
  });
});
