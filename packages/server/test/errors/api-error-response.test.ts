// ApiErrorResponse: its status comes from the catalogue, never typed again here but read from it.
import { catalogue } from "@signing-platform/types";
import { describe, expect, it } from "vitest";
import { ApiErrorResponse, badRequest, notFound, statusForCode } from "../../src/index.js";

describe("ApiErrorResponse", () => {
  it.each(catalogue.errors.filter((entry) => entry.status !== null).map((entry) => [entry.code, entry.status] as const))(
    "answers %s with the catalogue's status %i",
    (code, status) => {
      const error = new ApiErrorResponse(code);
      expect(error.status).toBe(status);
      expect(error.code).toBe(code);
    },
  );

  // @trace answers-s-which-the-source-gives-no-status-with
  it.each(["predecessor_revoked", "package_code_not_accepted"] as const)(
    "answers %s, which the source gives no status, with 422",
    (code) => {
      expect(new ApiErrorResponse(code).status).toBe(422);
      expect(statusForCode(code)).toBe(422);
    },
  );

  it("defaults the message to the code's condition, and takes a message, details and headers", () => {
    expect(new ApiErrorResponse("conflict").message).toBe(catalogue.errors.find((entry) => entry.code === "conflict")!.condition);
    const error = new ApiErrorResponse("rate_limited", {
      message: "slow down",
      details: [{ code: "x", message: "y" }],
      headers: { "Retry-After": "3" },
    });
    expect([error.message, error.details, error.headers]).toEqual(["slow down", [{ code: "x", message: "y" }], { "Retry-After": "3" }]);
    expect(error).toBeInstanceOf(Error);
  });

  it("takes a code outside the catalogue only with a status", () => {
    expect(new ApiErrorResponse("future_code", { status: 409 }).status).toBe(409);
  });

  it("has helpers for 404 and 400", () => {
    expect([notFound().status, notFound().code]).toEqual([404, "not_found"]);
    const error = badRequest("bad", [{ field: "$.a", code: "type", message: "must be a string" }]);
    expect([error.status, error.code, error.details.length]).toEqual([400, "bad_request", 1]);
  });
});
