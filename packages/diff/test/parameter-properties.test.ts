// Checks of the properties of an object parameter, named as oasdiff names them
// (request-parameter-property-…, and request-header-property-… for a header), table-driven, in process.
import { describe, expect, it } from "vitest";
import { compareDocuments } from "../src/index.js";
import { inMemoryDocument } from "./in-memory-document.js";

type Node = Record<string, unknown>;

/** GET /items with one object parameter `filters` `in` a place, its property `id` of schema `id`, and `required` properties. */
const documentWith = (where: string, id: Node, required: string[] = [], extra: Node = {}) => ({
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {
    "/items": {
      get: {
        parameters: [
          {
            name: "filters",
            in: where,
            schema: { type: "object", properties: { id, ...extra }, ...(required.length > 0 ? { required } : {}) },
          },
        ],
        responses: { "200": { description: "ok" } },
      },
    },
  },
});

const cases: [string, { given: { base: object; head: object }; want: [string, string][] }][] = [
  [
    "a property's type from number to string: breaking only when sent as JSON",
    {
      given: { base: documentWith("query", { type: "number" }), head: documentWith("query", { type: "string" }) },
      want: [["request-parameter-property-type-changed", "breaking"]],
    },
  ],
  [
    "a property's type from string to number: breaking however sent",
    {
      given: { base: documentWith("query", { type: "string" }), head: documentWith("query", { type: "number" }) },
      want: [["request-parameter-property-type-specialized", "breaking"]],
    },
  ],
  [
    "a property's type from integer to number",
    {
      given: { base: documentWith("query", { type: "integer" }), head: documentWith("query", { type: "number" }) },
      want: [["request-parameter-property-type-generalized", "info"]],
    },
  ],
  [
    "a property became nullable",
    {
      given: { base: documentWith("query", { type: "string" }), head: documentWith("query", { type: ["string", "null"] }) },
      want: [["request-parameter-property-became-nullable", "info"]],
    },
  ],
  [
    "a property no longer nullable",
    {
      given: { base: documentWith("query", { type: ["string", "null"] }), head: documentWith("query", { type: "string" }) },
      want: [["request-parameter-property-became-not-nullable", "breaking"]],
    },
  ],
  [
    "a value added to a property's enum",
    {
      given: {
        base: documentWith("query", { type: "string", enum: ["a"] }),
        head: documentWith("query", { type: "string", enum: ["a", "b"] }),
      },
      want: [["request-parameter-property-enum-value-added", "info"]],
    },
  ],
  [
    "a value removed from a property's enum",
    {
      given: {
        base: documentWith("query", { type: "string", enum: ["a", "b"] }),
        head: documentWith("query", { type: "string", enum: ["a"] }),
      },
      want: [["request-parameter-property-enum-value-removed", "breaking"]],
    },
  ],
  [
    "an enum put on a property of a header",
    {
      given: { base: documentWith("header", { type: "string" }), head: documentWith("header", { type: "string", enum: ["a"] }) },
      want: [["request-header-property-became-enum", "breaking"]],
    },
  ],
  [
    "a property of a header became required",
    {
      given: { base: documentWith("header", { type: "string" }), head: documentWith("header", { type: "string" }, ["id"]) },
      want: [["request-header-property-became-required", "breaking"]],
    },
  ],
  [
    "a required property added to a header",
    {
      given: {
        base: documentWith("header", { type: "string" }),
        head: documentWith("header", { type: "string" }, ["more"], { more: { type: "string" } }),
      },
      want: [["new-required-request-header-property", "breaking"]],
    },
  ],
];

describe("checks of the properties of object parameters", () => {
  it.each(cases)("%s", (_, { given, want }) => {
    const findings = compareDocuments(inMemoryDocument(given.base, "base.yaml"), inMemoryDocument(given.head, "head.yaml"));
    expect(findings.map((finding) => [finding.id, finding.level])).toEqual(want);
  });
});
