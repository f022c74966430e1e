// The fallback rule of Errors › Error codes, as every side applies it (docs/decisions.md#unknown-error-codes).
import { describe, expect, it } from "vitest";
import { canonicalErrorCode } from "../src/index.js";

const errorCodes = {
  explanation_window_required: { fallbackCode: "policy_rejected", condition: "The explanation window has not opened." },
  explanation_window_still_open: { fallbackCode: "policy_rejected" },
};

describe("canonicalErrorCode", () => {
  it.each([
    ["the identifier", "explanation_window_required: not yet.", "explanation_window_required"],
    ["the words, any case", "Explanation window STILL open", "explanation_window_still_open"],
    ["the condition", "Refused: the explanation window has not opened.", "explanation_window_required"],
    ["nothing it knows", "Your policy refuses this document.", "policy_rejected"],
  ])("reads a fallback message naming %s", (_what, message, want) => {
    expect(canonicalErrorCode({ code: "policy_rejected", message }, errorCodes)).toBe(want);
  });

  it("keeps a code that is not a fallback, whatever its message says", () => {
    expect(canonicalErrorCode({ code: "conflict", message: "explanation_window_required" }, errorCodes)).toBe("conflict");
  });
});
