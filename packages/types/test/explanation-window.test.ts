// src/explanation-window.ts: the fallback rule of Errors › Error codes and docs/decisions.md#unknown-error-codes:
// policy_rejected with a message matching an explanation-window code is that code.
import { describe, expect, it } from "vitest";
import { loadCatalogue } from "../../../test/support/generated.js";
import { canonicalErrorCode, isEquivalentErrorCode } from "../src/explanation-window.js";

const conditionOf = (code: string) => loadCatalogue().errors.find((entry: any) => entry.code === code).condition;

describe("canonicalErrorCode", () => {
  it.each([
    ["the code itself", { code: "explanation_window_required", message: "x" }, "explanation_window_required"],
    [
      "policy_rejected naming the code",
      { code: "policy_rejected", message: "Rejected: explanation_window_required." },
      "explanation_window_required",
    ],
    [
      "policy_rejected naming the code in words, any case",
      { code: "policy_rejected", message: "Explanation window still open" },
      "explanation_window_still_open",
    ],
    [
      "policy_rejected carrying the code's condition",
      { code: "policy_rejected", message: conditionOf("explanation_window_still_open") },
      "explanation_window_still_open",
    ],
    [
      "policy_rejected with another ground",
      { code: "policy_rejected", message: "The suspension ground is not in the governing Act." },
      "policy_rejected",
    ],
    [
      "another code with a matching message (only the fallback code falls back)",
      { code: "conflict", message: "explanation_window_required" },
      "conflict",
    ],
    ["an unknown code", { code: "brand_new_code", message: "m" }, "brand_new_code"],
  ])("%s", (_name, error, want) => {
    expect(canonicalErrorCode(error)).toBe(want);
  });
});

describe("isEquivalentErrorCode", () => {
  const fallback = { code: "policy_rejected", message: "explanation window required" };

  it.each([
    ["the fallback is its original code", fallback, "explanation_window_required", true],
    ["the fallback is still policy_rejected", fallback, "policy_rejected", true],
    ["the fallback is not the other window code", fallback, "explanation_window_still_open", false],
    ["a code is itself", { code: "not_found", message: "m" }, "not_found", true],
  ])("%s", (_name, error, code, want) => {
    expect(isEquivalentErrorCode(error, code)).toBe(want);
  });
});
