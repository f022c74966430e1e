// oasdiff's deprecation lifecycle checks, table-driven, in process: an operation or parameter
// deprecated with the notice asked for (endpoint-deprecated-with-sunset, request-parameter-deprecated),
// no longer deprecated (request-parameter-reactivated), and an x-sunset that is not a date where
// a removal or a changed date reads it (api-path-sunset-parse, request-parameter-sunset-parse).
import { describe, expect, it } from "vitest";
import { compareDocuments } from "../src/index.js";
import { inMemoryDocument } from "./in-memory-document.js";

const TODAY = new Date("2030-01-15T00:00:00Z");
type Node = Record<string, unknown>;

/** A document with GET /items (`operation` merged in) taking one query parameter `q` (`parameter` merged in), and GET /other. */
const documentWith = (operation: Node = {}, parameter: Node = {}) => ({
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {
    "/items": {
      get: {
        parameters: [{ name: "q", in: "query", schema: { type: "string" }, ...parameter }],
        responses: { "200": { description: "ok" } },
        ...operation,
      },
    },
    "/other": { get: { responses: { "200": { description: "ok" } } } },
  },
});

const withoutItems = (operation: Node) => {
  const document = documentWith(operation) as { paths: Record<string, unknown> };
  delete document.paths["/items"];
  return document;
};
const withoutParameter = () => {
  const document = documentWith();
  document.paths["/items"].get.parameters = [];
  return document;
};

const cases: [string, { given: { base: object; head: object; days?: number }; want: [string, string][] }][] = [
  [
    "an operation deprecated with an x-sunset far enough ahead",
    {
      given: { base: documentWith(), head: documentWith({ deprecated: true, "x-sunset": "2030-06-01" }), days: 30 },
      want: [["endpoint-deprecated-with-sunset", "info"]],
    },
  ],
  [
    "an operation deprecated with no x-sunset and no period",
    { given: { base: documentWith(), head: documentWith({ deprecated: true }) }, want: [["endpoint-deprecated", "info"]] },
  ],
  [
    "a parameter deprecated with no x-sunset and no period",
    { given: { base: documentWith(), head: documentWith({}, { deprecated: true }) }, want: [["request-parameter-deprecated", "info"]] },
  ],
  [
    "a parameter deprecated with an x-sunset far enough ahead",
    {
      given: { base: documentWith(), head: documentWith({}, { deprecated: true, "x-sunset": "2030-06-01" }), days: 30 },
      want: [["request-parameter-deprecated", "info"]],
    },
  ],
  [
    "a parameter no longer deprecated",
    { given: { base: documentWith({}, { deprecated: true }), head: documentWith() }, want: [["request-parameter-reactivated", "info"]] },
  ],
  [
    "a deprecated operation removed while its x-sunset is not a date",
    {
      given: {
        base: documentWith({ deprecated: true, "x-sunset": "next spring" }),
        head: (() => {
          const document = documentWith();
          delete (document.paths["/items"] as Node).get;
          (document.paths["/items"] as Node).post = { responses: { "200": { description: "ok" } } };
          return document;
        })(),
      },
      want: [
        ["api-path-sunset-parse", "breaking"],
        ["endpoint-added", "info"],
      ],
    },
  ],
  [
    "a deprecated path removed while its x-sunset is not a date",
    {
      given: { base: documentWith({ deprecated: true, "x-sunset": "soon" }), head: withoutItems({}) },
      want: [["api-path-sunset-parse", "breaking"]],
    },
  ],
  [
    "a deprecated operation's x-sunset changed to one that is not a date",
    {
      given: {
        base: documentWith({ deprecated: true, "x-sunset": "2030-06-01" }),
        head: documentWith({ deprecated: true, "x-sunset": "June" }),
      },
      want: [["api-path-sunset-parse", "breaking"]],
    },
  ],
  [
    "a deprecated operation's x-sunset changed from one that is not a date",
    {
      given: {
        base: documentWith({ deprecated: true, "x-sunset": "June" }),
        head: documentWith({ deprecated: true, "x-sunset": "2030-06-01" }),
      },
      want: [["api-path-sunset-parse", "breaking"]],
    },
  ],
  [
    "a deprecated parameter removed while its x-sunset is not a date",
    {
      given: { base: documentWith({}, { deprecated: true, "x-sunset": "June" }), head: withoutParameter() },
      want: [["request-parameter-sunset-parse", "breaking"]],
    },
  ],
  [
    "a deprecated parameter's x-sunset changed from one that is not a date",
    {
      given: {
        base: documentWith({}, { deprecated: true, "x-sunset": "June" }),
        head: documentWith({}, { deprecated: true, "x-sunset": "2030-06-01" }),
      },
      want: [["request-parameter-sunset-parse", "breaking"]],
    },
  ],
];

describe("deprecation checks of oasdiff", () => {
  it.each(cases)("%s", (_, { given, want }) => {
    const findings = compareDocuments(inMemoryDocument(given.base, "base.yaml"), inMemoryDocument(given.head, "head.yaml"), {
      today: TODAY,
      deprecationDays: { beta: given.days ?? 0, stable: given.days ?? 0 },
    });
    expect(findings.map((finding) => [finding.id, finding.level])).toEqual(want);
  });
});
