// ajv is an optional peer dependency: only `validateResponses` imports it, on the first body it
// checks. Where it is not installed, that check is one error that says what to install, and a
// client that does not validate never needs it.
import { afterAll, describe, expect, it, vi } from "vitest";

vi.mock("ajv/dist/2020.js", () => {
  throw Object.assign(new Error("Cannot find module 'ajv'"), { code: "ERR_MODULE_NOT_FOUND" });
});

// The unit layer shares its module cache between files (vitest.config.ts): the check is evaluated
// again here, with the mock, and dropped after, so that no other file gets it.
vi.resetModules();
afterAll(() => {
  vi.resetModules();
});
const { responseCheck } = await import("../../../src/runtime/validate/response-check.js");

describe("without ajv installed", () => {
  it("the first body checked says to install it", async () => {
    const check = responseCheck({ components: { schemas: {} }, responses: { "/items": { get: { "200": { type: "object" } } } } });
    await expect(check("GET", "/items", 200, {})).rejects.toThrow(
      "validateResponses needs ajv, an optional peer dependency of this client: run `npm install ajv`.",
    );
  });
});
