// A media type's schema added or removed, and a value removed from a response body's enum, as
// oasdiff names them, table-driven, in process.
import { describe, expect, it } from "vitest";
import { compareDocuments } from "../src/index.js";
import { inMemoryDocument } from "./in-memory-document.js";

type Node = Record<string, unknown>;
const media = (schema?: Node) => ({ "application/json": schema ? { schema } : {} });

/** POST /items whose request body and 200 response are application/json with the schemas given (undefined: none). */
const documentWith = (request?: Node, response?: Node) => ({
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {
    "/items": {
      post: {
        requestBody: { content: media(request) },
        responses: { "200": { description: "ok", content: media(response) } },
      },
    },
  },
});
const object = { type: "object" };

const cases: [string, { given: { base: object; head: object }; want: [string, string][] }][] = [
  [
    "a schema put on a request media type",
    { given: { base: documentWith(), head: documentWith(object) }, want: [["request-body-media-type-schema-added", "breaking"]] },
  ],
  [
    "a request media type's schema removed",
    { given: { base: documentWith(object), head: documentWith() }, want: [["request-body-media-type-schema-removed", "info"]] },
  ],
  [
    "a schema put on a response media type",
    { given: { base: documentWith(), head: documentWith(undefined, object) }, want: [["response-body-media-type-schema-added", "info"]] },
  ],
  [
    "a response media type's schema removed",
    {
      given: { base: documentWith(undefined, object), head: documentWith() },
      want: [["response-body-media-type-schema-removed", "breaking"]],
    },
  ],
  [
    "a value removed from a response body's enum",
    {
      given: {
        base: documentWith(undefined, { type: "string", enum: ["a", "b"] }),
        head: documentWith(undefined, { type: "string", enum: ["a"] }),
      },
      want: [["response-mediatype-enum-value-removed", "info"]],
    },
  ],
];

describe("media type schema checks of oasdiff", () => {
  it.each(cases)("%s", (_, { given, want }) => {
    const findings = compareDocuments(inMemoryDocument(given.base, "base.yaml"), inMemoryDocument(given.head, "head.yaml"));
    expect(findings.map((finding) => [finding.id, finding.level])).toEqual(want);
  });
});
