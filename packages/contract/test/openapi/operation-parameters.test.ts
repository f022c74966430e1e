// The parameters of an operation as OpenAPI defines them: the path item's apply unless the
// operation lists one of the same name and location, which overrides it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BrokenRefError } from "../../src/openapi/broken-ref-error.js";
import { operationsOf } from "../../src/openapi/document-operations.js";
import type { Json } from "../../src/openapi/json.js";
import { mergeParameters, parametersOf } from "../../src/openapi/operation-parameters.js";

const item = (parameter: Json, from: string) => ({ parameter, from });
const merge = (pathLevel: Json[], own: Json[]) =>
  mergeParameters(
    pathLevel.map((p) => item(p, "path-item")),
    own.map((p) => item(p, "operation")),
  );
const names = (merged: { parameter: Json; from: string }[]) =>
  merged.map(({ parameter, from }) => `${from} ${parameter.in} ${parameter.name}`);

describe("mergeParameters", () => {
  it.each<[string, { pathLevel: Json[]; own: Json[]; want: string[] }]>([
    [
      "the path item's, then the operation's",
      {
        pathLevel: [{ name: "id", in: "path" }],
        own: [{ name: "limit", in: "query" }],
        want: ["path-item path id", "operation query limit"],
      },
    ],
    [
      "the operation's in place of the path item's of the same name and location",
      {
        pathLevel: [
          { name: "limit", in: "query" },
          { name: "id", in: "path" },
        ],
        own: [
          { name: "cursor", in: "query" },
          { name: "limit", in: "query" },
        ],
        want: ["operation query limit", "path-item path id", "operation query cursor"],
      },
    ],
    [
      "both where the location differs",
      { pathLevel: [{ name: "id", in: "path" }], own: [{ name: "id", in: "query" }], want: ["path-item path id", "operation query id"] },
    ],
    [
      "both where a query name differs in case only, as names are case-sensitive",
      {
        pathLevel: [{ name: "Limit", in: "query" }],
        own: [{ name: "limit", in: "query" }],
        want: ["path-item query Limit", "operation query limit"],
      },
    ],
    [
      "the operation's for a header named in another case, as HTTP compares field names",
      {
        pathLevel: [{ name: "Request-Id", in: "header" }],
        own: [{ name: "request-id", in: "header" }],
        want: ["operation header request-id"],
      },
    ],
    ["nothing from nothing", { pathLevel: [], own: [], want: [] }],
  ])("gives %s", (_name, { pathLevel, own, want }) => {
    expect(names(merge(pathLevel, own))).toEqual(want);
  });

  const parameter = fc.record({
    name: fc.constantFrom("id", "limit", "Limit", "cursor", "Request-Id", "request-id"),
    in: fc.constantFrom("path", "query", "header", "cookie"),
  });
  const key = (p: Json) => `${p.in}:${p.in === "header" ? String(p.name).toLowerCase() : p.name}`;
  const unique = (list: Json[]) => list.filter((p, index) => list.findIndex((other) => key(other) === key(p)) === index);

  // Two lists of parameters as a document may write them: neither lists one twice.
  const lists = fc.tuple(fc.array(parameter, { maxLength: 6 }).map(unique), fc.array(parameter, { maxLength: 6 }).map(unique));

  it("keeps every parameter of the operation, and those of the path item it does not override, each once", () => {
    fc.assert(
      fc.property(lists, ([pathLevel, own]) => {
        const merged = merge(pathLevel, own);
        expect(new Set(merged.map(({ parameter: p }) => key(p))).size).toBe(merged.length);
        for (const p of own) expect(merged).toContainEqual(item(p, "operation"));
        for (const p of pathLevel) {
          const overridden = own.some((mine) => key(mine) === key(p));
          expect(merged.some((entry) => entry.parameter === p)).toBe(!overridden);
        }
        expect(merged).toHaveLength(new Set([...pathLevel, ...own].map(key)).size);
      }),
    );
  });

  it("keeps the order of each list", () => {
    fc.assert(
      fc.property(lists, ([pathLevel, own]) => {
        const merged = merge(pathLevel, own);
        const ascending = (positions: number[]) => expect(positions).toEqual([...positions].sort((a, b) => a - b));
        ascending(merged.filter((entry) => entry.from === "path-item").map((entry) => pathLevel.indexOf(entry.parameter)));
        const added = merged.filter((entry) => entry.from === "operation" && !pathLevel.some((p) => key(p) === key(entry.parameter)));
        ascending(added.map((entry) => own.indexOf(entry.parameter)));
      }),
    );
  });
});

describe("parametersOf", () => {
  const document = {
    paths: {
      "/certificates/{id}": {
        parameters: [{ $ref: "#/components/parameters/Id" }, { name: "limit", in: "query", schema: { maximum: 100 } }],
        get: {
          parameters: [
            { name: "limit", in: "query", schema: { maximum: 10 } },
            { name: "Idempotency-Key", in: "header" },
          ],
        },
        delete: { parameters: [{ $ref: "#/components/parameters/Nope" }] },
      },
    },
    components: { parameters: { Id: { name: "id", in: "path", required: true } } },
  };
  const [get, remove] = operationsOf(document);

  it("merges the path item's with the operation's, each $ref followed, with where each is listed and written", () => {
    expect(parametersOf(document, get!)).toEqual([
      {
        parameter: { name: "id", in: "path", required: true },
        entry: "#/paths/~1certificates~1{id}/parameters/0",
        pointer: "#/components/parameters/Id",
      },
      {
        parameter: { name: "limit", in: "query", schema: { maximum: 10 } },
        entry: "#/paths/~1certificates~1{id}/get/parameters/0",
        pointer: "#/paths/~1certificates~1{id}/get/parameters/0",
      },
      {
        parameter: { name: "Idempotency-Key", in: "header" },
        entry: "#/paths/~1certificates~1{id}/get/parameters/1",
        pointer: "#/paths/~1certificates~1{id}/get/parameters/1",
      },
    ]);
  });

  it("refuses a parameter whose $ref points to nothing, or leaves it out when told to skip it", () => {
    expect(() => parametersOf(document, remove!)).toThrow(BrokenRefError);
    expect(parametersOf(document, remove!, { brokenRefs: "skip" }).map(({ parameter }) => parameter.name)).toEqual(["id", "limit"]);
  });

  it("gives none where neither lists any", () => {
    const [only] = operationsOf({ paths: { "/a": { get: {} } } });
    expect(parametersOf({}, only!)).toEqual([]);
  });
});
