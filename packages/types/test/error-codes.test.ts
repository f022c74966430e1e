// src/error-codes.ts: known codes, their statuses, and tolerance of unknown codes
// (Errors › Error codes; Versioning: clients tolerate unknown codes).
import { describe, expect, it } from "vitest";
import { loadCatalogue } from "../../../test/support/generated.js";
import { errorCodeEntry, isKnownErrorCode, statusOf } from "../src/error-codes.js";

const entries: any[] = loadCatalogue().errors;

describe("isKnownErrorCode", () => {
  it.each(entries.map((entry) => [entry.code]))("knows %s", (code) => {
    expect(isKnownErrorCode(code)).toBe(true);
  });

  it.each([
    ["an unknown code", "brand_new_code"],
    ["a known code in another case", "NOT_FOUND"],
    ["the empty string", ""],
    ["a property of every object", "constructor"],
    ["a number", 404],
    ["null", null],
  ])("does not know %s", (_name, code) => {
    expect(isKnownErrorCode(code)).toBe(false);
  });
});

describe("statusOf", () => {
  it.each(entries.map((entry) => [entry.code, entry.status]))("gives %s the catalogue's status %s", (code, status) => {
    expect(statusOf(code)).toBe(status);
  });

  it.each([
    ["not_found", 404],
    ["rate_limited", 429],
    ["idempotency_key_reused", 409],
    ["predecessor_revoked", null],
    ["package_code_not_accepted", null],
    ["brand_new_code", undefined],
  ])("statusOf(%s) is %s (interface document › Error codes)", (code, want) => {
    expect(statusOf(code)).toBe(want);
  });
});

describe("errorCodeEntry", () => {
  it("gives the whole entry of a known code, and undefined for an unknown one", () => {
    expect(errorCodeEntry("predecessor_revoked")).toMatchObject({ status: null, status_used_by_servers: 422 });
    expect(errorCodeEntry("brand_new_code")).toBeUndefined();
  });
});
