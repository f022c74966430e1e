import { describe, expect, it } from "vitest";
import { isJsonObject } from "../../src/openapi/json.js";

describe("isJsonObject", () => {
  it.each<[string, { given: unknown; want: boolean }]>([
    ["an object", { given: { openapi: "3.1.0" }, want: true }],
    ["an empty object", { given: {}, want: true }],
    ["an array", { given: [], want: false }],
    ["null", { given: null, want: false }],
    ["a string", { given: "paths", want: false }],
    ["absent", { given: undefined, want: false }],
  ])("%s", (_name, { given, want }) => {
    expect(isJsonObject(given)).toBe(want);
  });
});
