// The SDK model both SDKs are made from, as it reads an operation's parameters: its path item's
// apply, unless the operation lists one of the same name and location, which overrides it.
import { describe, expect, it } from "vitest";
import { buildSdkModel } from "../src/sdk-model.js";

const ok = { "200": { description: "OK" } };
const limit = (required: boolean) => ({ name: "limit", in: "query", required, schema: { type: "integer" } });

describe("buildSdkModel", () => {
  it.each<[string, { pathLevel: unknown[]; own: unknown[]; want: { query: string; names: string[] } }]>([
    ["a path item's query parameter", { pathLevel: [limit(true)], own: [], want: { query: "required", names: ["limit"] } }],
    [
      "the operation's, in place of the path item's of the same name",
      { pathLevel: [limit(true)], own: [limit(false)], want: { query: "optional", names: ["limit"] } },
    ],
    [
      "both, where the location differs",
      {
        pathLevel: [{ name: "limit", in: "header", schema: { type: "string" } }],
        own: [limit(false)],
        want: { query: "optional", names: ["limit", "limit"] },
      },
    ],
  ])("reads %s", (_name, { pathLevel, own, want }) => {
    const model = buildSdkModel({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: { "/items": { parameters: pathLevel, get: { operationId: "listItems", parameters: own, responses: ok } } },
    });
    const [operation] = model.operations;
    expect(operation?.query).toBe(want.query);
    expect(operation?.parameters.map((parameter) => parameter.name)).toEqual(want.names);
  });
});
