// What names an operation or a schema, and the versioning policy, table-driven, in process: an
// operationId added, removed or replaced (reported as removed), a tag added or removed, a schema
// gone from components.schemas (info). A breaking change while info.version stayed, went down, or
// rose without a new major version (a new minor below 1.0.0) is reported once; a version that is
// not semver (a date, `1.0`) is not judged, nor are versions when nothing breaks at this project's
// levels. A property over random semver pairs says exactly one of the three, or none exactly
// when the major version rose.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CompareOptions, compareDocuments } from "../src/index.js";
import { inMemoryDocument } from "./in-memory-document.js";

type Node = Record<string, unknown>;

/**
 * A document at `version` with GET /items (`operation` merged in) and, unless `withoutPost`,
 * POST /items; `schemas` are those of components.
 */
const documentWith = ({
  version = "1.0.0",
  operation = {},
  withoutPost = false,
  schemas,
}: {
  version?: string;
  operation?: Node;
  withoutPost?: boolean;
  schemas?: Node;
}) => ({
  openapi: "3.1.0",
  info: { title: "t", version },
  paths: {
    "/items": {
      get: { responses: { "200": { description: "ok" } }, ...operation },
      ...(withoutPost ? {} : { post: { responses: { "201": { description: "created" } } } }),
    },
  },
  ...(schemas ? { components: { schemas } } : {}),
});

type Case = [string, { given: { base: object; head: object; options?: CompareOptions }; want: [string, string][] }];

const names: Case[] = [
  [
    "an operationId added",
    {
      given: { base: documentWith({}), head: documentWith({ operation: { operationId: "listItems" } }) },
      want: [["api-operation-id-added", "info"]],
    },
  ],
  [
    "an operationId removed",
    {
      given: { base: documentWith({ operation: { operationId: "listItems" } }), head: documentWith({}) },
      want: [["api-operation-id-removed", "info"]],
    },
  ],
  [
    "an operationId replaced by another",
    {
      given: {
        base: documentWith({ operation: { operationId: "listItems" } }),
        head: documentWith({ operation: { operationId: "getItems" } }),
      },
      want: [["api-operation-id-removed", "info"]],
    },
  ],
  [
    "an operationId kept",
    {
      given: {
        base: documentWith({ operation: { operationId: "listItems" } }),
        head: documentWith({ operation: { operationId: "listItems" } }),
      },
      want: [],
    },
  ],
  [
    "a tag added",
    {
      given: { base: documentWith({ operation: { tags: ["items"] } }), head: documentWith({ operation: { tags: ["items", "admin"] } }) },
      want: [["api-tag-added", "info"]],
    },
  ],
  [
    "a tag removed",
    {
      given: { base: documentWith({ operation: { tags: ["items", "admin"] } }), head: documentWith({ operation: { tags: ["items"] } }) },
      want: [["api-tag-removed", "info"]],
    },
  ],
  [
    "a tag replaced by another",
    {
      given: { base: documentWith({ operation: { tags: ["items"] } }), head: documentWith({ operation: { tags: ["things"] } }) },
      want: [
        ["api-tag-removed", "info"],
        ["api-tag-added", "info"],
      ],
    },
  ],
  [
    "tags reordered",
    {
      given: { base: documentWith({ operation: { tags: ["a", "b"] } }), head: documentWith({ operation: { tags: ["b", "a"] } }) },
      want: [],
    },
  ],
  [
    "a schema removed from components.schemas",
    {
      given: {
        base: documentWith({ schemas: { Item: { type: "object" }, Other: { type: "string" } } }),
        head: documentWith({ schemas: { Item: { type: "object" } } }),
      },
      want: [["api-schema-removed", "info"]],
    },
  ],
  [
    "a schema kept in components.schemas, another added",
    {
      given: {
        base: documentWith({ schemas: { Item: { type: "object" } } }),
        head: documentWith({ schemas: { Item: { type: "object" }, Other: { type: "string" } } }),
      },
      want: [],
    },
  ],
];

const removed: [string, string] = ["api-removed-without-deprecation", "breaking"];
/** The base at `from` with GET and POST /items, the head at `to` without POST: one breaking change. */
const postRemoved = (from: string, to: string, options?: CompareOptions) => ({
  base: documentWith({ version: from }),
  head: documentWith({ version: to, withoutPost: true }),
  ...(options ? { options } : {}),
});

const versions: Case[] = [
  ["a breaking change, 1.2.3 → 1.2.3", { given: postRemoved("1.2.3", "1.2.3"), want: [removed, ["api-version-not-bumped", "info"]] }],
  ["a breaking change, 1.2.3 → 1.2.0", { given: postRemoved("1.2.3", "1.2.0"), want: [removed, ["api-version-decreased", "info"]] }],
  ["a breaking change, 1.2.3 → 0.9.9", { given: postRemoved("1.2.3", "0.9.9"), want: [removed, ["api-version-decreased", "info"]] }],
  ["a breaking change, 1.2.3 → 1.3.0", { given: postRemoved("1.2.3", "1.3.0"), want: [removed, ["api-major-version-not-bumped", "info"]] }],
  ["a breaking change, 1.2.3 → 1.2.4", { given: postRemoved("1.2.3", "1.2.4"), want: [removed, ["api-major-version-not-bumped", "info"]] }],
  ["a breaking change, 1.2.3 → 2.0.0", { given: postRemoved("1.2.3", "2.0.0"), want: [removed] }],
  ["a breaking change, 0.1.0 → 0.2.0", { given: postRemoved("0.1.0", "0.2.0"), want: [removed] }],
  ["a breaking change, 0.1.0 → 1.0.0", { given: postRemoved("0.1.0", "1.0.0"), want: [removed] }],
  ["a breaking change, 0.1.0 → 0.1.1", { given: postRemoved("0.1.0", "0.1.1"), want: [removed, ["api-major-version-not-bumped", "info"]] }],
  [
    "a breaking change, v1.0.0 → v1.1.0",
    { given: postRemoved("v1.0.0", "v1.1.0"), want: [removed, ["api-major-version-not-bumped", "info"]] },
  ],
  ["a breaking change, v1.0.0 → v1.0.0", { given: postRemoved("v1.0.0", "v1.0.0"), want: [removed, ["api-version-not-bumped", "info"]] }],
  ["a breaking change, v1.0.0 → v2.0.0", { given: postRemoved("v1.0.0", "v2.0.0"), want: [removed] }],
  // A leading "v" and build metadata do not order versions: the same numbers are the same version.
  ["a breaking change, 1.0.0 → v1.0.0", { given: postRemoved("1.0.0", "v1.0.0"), want: [removed, ["api-version-not-bumped", "info"]] }],
  [
    "a breaking change, 1.2.3 → 1.2.3+build.2",
    { given: postRemoved("1.2.3", "1.2.3+build.2"), want: [removed, ["api-version-not-bumped", "info"]] },
  ],
  // A pre-release may still change: its release, or the next pre-release, carries the change.
  ["a breaking change, 1.0.0-rc.1 → 1.0.0", { given: postRemoved("1.0.0-rc.1", "1.0.0"), want: [removed] }],
  ["a breaking change, 2.0.0-rc.1 → 2.0.0-rc.2", { given: postRemoved("2.0.0-rc.1", "2.0.0-rc.2"), want: [removed] }],
  // A pre-release of the same numbers comes before the release: the version went down.
  [
    "a breaking change, 1.2.3 → 1.2.3-beta",
    { given: postRemoved("1.2.3", "1.2.3-beta"), want: [removed, ["api-version-decreased", "info"]] },
  ],
  [
    "a breaking change, 1.0.0 → 1.1.0-beta.1+build.5",
    { given: postRemoved("1.0.0", "1.1.0-beta.1+build.5"), want: [removed, ["api-major-version-not-bumped", "info"]] },
  ],
  [
    "a breaking change, 2024-01-01 → 2024-01-01 (a date is not judged)",
    { given: postRemoved("2024-01-01", "2024-01-01"), want: [removed] },
  ],
  ["a breaking change, 1.0 → 1.0 (not semver)", { given: postRemoved("1.0", "1.0"), want: [removed] }],
  ["a breaking change, v1 → v1 (not semver)", { given: postRemoved("v1", "v1"), want: [removed] }],
  ["a breaking change, 1.0.0 → 1.0 (one side not semver)", { given: postRemoved("1.0.0", "1.0"), want: [removed] }],
  [
    "no breaking change, 1.2.3 → 1.2.3",
    {
      given: { base: documentWith({ version: "1.2.3", withoutPost: true }), head: documentWith({ version: "1.2.3" }) },
      want: [["endpoint-added", "info"]],
    },
  ],
  [
    "the only breaking check turned to info by the project's levels, 1.2.3 → 1.2.3",
    {
      given: postRemoved("1.2.3", "1.2.3", { levels: new Map([["api-removed-without-deprecation", "info"]]) }),
      want: [["api-removed-without-deprecation", "info"]],
    },
  ],
  [
    "the only breaking check turned off by the project's levels, 1.2.3 → 1.2.3",
    { given: postRemoved("1.2.3", "1.2.3", { levels: new Map([["api-removed-without-deprecation", "none"]]) }), want: [] },
  ],
  [
    "a check that is info made breaking by the project's levels, 1.2.3 → 1.2.3",
    {
      given: {
        base: documentWith({ version: "1.2.3" }),
        head: documentWith({ version: "1.2.3", operation: { tags: ["items"] } }),
        options: { levels: new Map([["api-tag-added", "breaking"]]) },
      },
      want: [
        ["api-tag-added", "breaking"],
        ["api-version-not-bumped", "info"],
      ],
    },
  ],
  [
    "the versioning check raised to breaking by the project's levels, 1.2.3 → 1.3.0",
    {
      given: postRemoved("1.2.3", "1.3.0", { levels: new Map([["api-major-version-not-bumped", "breaking"]]) }),
      want: [removed, ["api-major-version-not-bumped", "breaking"]],
    },
  ],
];

const cases: Case[] = [...names, ...versions];

describe("operation names, schema names and the versioning policy", () => {
  it.each(cases)("%s", (_, { given, want }) => {
    const findings = compareDocuments(inMemoryDocument(given.base, "base.yaml"), inMemoryDocument(given.head, "head.yaml"), given.options);
    expect(findings.map((finding) => [finding.id, finding.level])).toEqual(want);
  });

  it("reports one versioning finding for a breaking change, or none exactly when the major version rose", () => {
    const part = fc.integer({ min: 0, max: 3 });
    const semver = fc.tuple(part, part, part);
    fc.assert(
      fc.property(semver, semver, (from, to) => {
        const findings = compareDocuments(
          inMemoryDocument(documentWith({ version: from.join(".") }), "base.yaml"),
          inMemoryDocument(documentWith({ version: to.join("."), withoutPost: true }), "head.yaml"),
        );
        const majorRose = from[0] === 0 && to[0] === 0 ? to[1] > from[1] : to[0] > from[0];
        const first = from.findIndex((value, index) => value !== to[index]);
        const versioning =
          first === -1
            ? "api-version-not-bumped"
            : (to[first] as number) < (from[first] as number)
              ? "api-version-decreased"
              : "api-major-version-not-bumped";
        expect(findings.map((finding) => finding.id)).toEqual(["api-removed-without-deprecation", ...(majorRose ? [] : [versioning])]);
      }),
      { numRuns: 300 },
    );
  });
});
