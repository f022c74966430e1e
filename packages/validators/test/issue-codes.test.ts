// src/issue-codes.ts: ajv keywords → the machine-stable codes of `details[].code`.
import { describe, expect, it } from "vitest";
import { issueCodeOf } from "../src/issue-codes.js";

describe("issueCodeOf", () => {
  it.each([
    ["required", "required"],
    ["type", "type"],
    ["format", "format"],
    ["pattern", "pattern"],
    ["enum", "enum"],
    ["const", "const"],
    ["maximum", "maximum"],
    ["exclusiveMaximum", "maximum"],
    ["minimum", "minimum"],
    ["exclusiveMinimum", "minimum"],
    ["additionalProperties", "additional_property"],
    ["unevaluatedProperties", "additional_property"],
    ["maxLength", "max_length"],
    ["anyOf", "any_of"],
    ["a keyword ajv may add one day", "invalid"],
    ["toString", "invalid"],
  ])("%s → %s", (keyword, want) => {
    expect(issueCodeOf(keyword)).toBe(want);
  });
});
