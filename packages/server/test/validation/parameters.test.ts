// Path and query parameters checked and coerced by their schema.
import { describe, expect, it } from "vitest";
import type { ParameterDescriptor } from "../../src/index.js";
import { operationTable } from "../../src/generated/operations.js";
import { parseParameters } from "../../src/validation/parameters.js";

// The spec's own parameters of GET /certificates: limit (integer 1–100, default 25) and cursor.
const listParameters = operationTable.find((operation) => operation.operationId === "listCertificates")!.parameters;

describe("parseParameters", () => {
  it.each([
    ["no limit: the default", {}, { values: { limit: 25 }, details: [] }],
    ["limit 1", { limit: "1" }, { values: { limit: 1 }, details: [] }],
    ["limit 100", { limit: "100" }, { values: { limit: 100 }, details: [] }],
    ["limit 0", { limit: "0" }, { values: {}, details: [{ field: "limit", code: "minimum", message: "must be >= 1" }] }],
    ["limit 101", { limit: "101" }, { values: {}, details: [{ field: "limit", code: "maximum", message: "must be <= 100" }] }],
    ["limit -5", { limit: "-5" }, { values: {}, details: [{ field: "limit", code: "minimum", message: "must be >= 1" }] }],
    ["limit 2.5", { limit: "2.5" }, { values: {}, details: [{ field: "limit", code: "type", message: "must be an integer" }] }],
    ["limit abc", { limit: "abc" }, { values: {}, details: [{ field: "limit", code: "type", message: "must be an integer" }] }],
    ["limit 1e3", { limit: "1e3" }, { values: {}, details: [{ field: "limit", code: "type", message: "must be an integer" }] }],
    ["limit twice", { limit: ["1", "2"] }, { values: {}, details: [{ field: "limit", code: "type", message: "must be given once" }] }],
    ["an empty limit", { limit: "" }, { values: {}, details: [{ field: "limit", code: "type", message: "must be an integer" }] }],
    ["a cursor", { cursor: "abc" }, { values: { limit: 25, cursor: "abc" }, details: [] }],
    ["an unknown parameter is ignored", { other: "x" }, { values: { limit: 25 }, details: [] }],
  ])("%s", (_name, raw, want) => {
    expect(parseParameters(listParameters, "query", raw)).toEqual(want);
  });

  const string: ParameterDescriptor[] = [
    { name: "id", in: "path", required: true, schema: { type: "string", pattern: "^cert_", minLength: 6, maxLength: 10 } },
  ];
  it.each([
    ["a valid id", { id: "cert_1" }, []],
    ["a missing id", {}, [{ field: "id", code: "required", message: "is required" }]],
    ["too short", { id: "cert_" }, [{ field: "id", code: "min_length", message: "must have at least 6 characters" }]],
    ["too long", { id: "cert_123456" }, [{ field: "id", code: "max_length", message: "must have at most 10 characters" }]],
    ["not matching", { id: "sr_123" }, [{ field: "id", code: "pattern", message: "must match the pattern ^cert_" }]],
  ])("checks a string parameter: %s", (_name, raw, details) => {
    expect(parseParameters(string, "path", raw).details).toEqual(details);
  });
});
