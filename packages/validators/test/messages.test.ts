// src/messages.ts: messages are built from the schema's parameters only.
import { describe, expect, it } from "vitest";
import { describeTypes, messageFor } from "../src/messages.js";

describe("describeTypes", () => {
  it.each([
    [["string"], "a string"],
    [["object"], "an object"],
    [["integer"], "an integer"],
    [["null"], "null"],
    [["string", "null"], "a string or null"],
    [["object", "array", "null"], "an object, an array or null"],
  ])("%j → %s", (types, want) => {
    expect(describeTypes(types)).toBe(want);
  });
});

describe("messageFor", () => {
  it.each([
    ["required", {}, "is required"],
    ["type", { type: "string" }, "must be a string"],
    ["type", { type: ["string", "null"] }, "must be a string or null"],
    ["format", { format: "date-time" }, "must be a valid date-time"],
    ["pattern", { pattern: "^evt_[A-Za-z0-9_-]+$" }, "must match the pattern ^evt_[A-Za-z0-9_-]+$"],
    ["const", { allowedValue: "event" }, 'must be "event"'],
    ["enum", { allowedValues: ["a", "b"] }, 'must be one of "a", "b"'],
    ["maximum", { comparison: "<=", limit: 100 }, "must be <= 100"],
    ["max_length", { limit: 128 }, "must have at most 128 characters"],
    ["min_items", { limit: 1 }, "must have at least 1 items"],
    ["max_properties", { limit: 3 }, "must have at most 3 properties"],
    ["additional_property", { unevaluatedProperty: "extra" }, "is not allowed: this object has no such field"],
    ["forbidden_property", {}, "must not be present"],
  ] as const)("%s %j", (code, params, want) => {
    expect(messageFor(code, params)).toBe(want);
  });
});
