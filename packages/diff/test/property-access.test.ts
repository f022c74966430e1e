// What the engine says of one property of an object, table-driven, in process: a request's
// readOnly property (clients do not send it) and a response's writeOnly one (responses do not
// carry it) changed under oasdiff's ids of their own, at info, or not at all; readOnly and
// writeOnly set or taken off a kept property (three of these breaking); a required property with
// a default; a property deprecated, deprecated with an x-sunset, reactivated or deprecated with
// no x-sunset where a period of notice applies; and a property's own x-stability-level moved,
// judged from the level it leaves (--stability-level), or not one of the four.
import { describe, expect, it } from "vitest";
import { type CompareOptions, compareDocuments } from "../src/index.js";
import { inMemoryDocument } from "./in-memory-document.js";

const TODAY = new Date("2030-01-15T00:00:00Z");
type Node = Record<string, unknown>;

/** An object with a plain `id` and the property `p` (none when undefined), `p` required or not. */
const object = (property: Node | undefined, required: boolean) => ({
  type: "object",
  properties: { id: { type: "string" }, ...(property ? { p: property } : {}) },
  required: property && required ? ["id", "p"] : ["id"],
});

/** POST /items whose application/json request body and 200 response are objects, `request` and `response` giving `p` of each. */
const documentWith = ({
  request,
  requestRequired = false,
  response,
  responseRequired = false,
}: {
  request?: Node;
  requestRequired?: boolean;
  response?: Node;
  responseRequired?: boolean;
}) => ({
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {
    "/items": {
      post: {
        requestBody: { content: { "application/json": { schema: object(request, requestRequired) } } },
        responses: {
          "200": { description: "ok", content: { "application/json": { schema: object(response, responseRequired) } } },
        },
      },
    },
  },
});

/** A document whose request body has `p` (none when undefined). */
const inRequest = (property?: Node, required = false) => documentWith({ request: property, requestRequired: required });
/** A document whose 200 response has `p` (none when undefined). */
const inResponse = (property?: Node, required = false) => documentWith({ response: property, responseRequired: required });

const readOnly = (schema: Node) => ({ ...schema, readOnly: true });
const writeOnly = (schema: Node) => ({ ...schema, writeOnly: true });

type Case = [string, { given: { base: object; head: object; options?: CompareOptions }; want: [string, string][] }];

const readOnlyInRequests: Case[] = [
  [
    "a request's readOnly property: an enum value removed",
    {
      given: {
        base: inRequest(readOnly({ type: "string", enum: ["a", "b"] })),
        head: inRequest(readOnly({ type: "string", enum: ["a"] })),
      },
      want: [["request-read-only-property-enum-value-removed", "info"]],
    },
  ],
  [
    "a request's property that is not readOnly: an enum value removed (the same change, where clients send it)",
    {
      given: { base: inRequest({ type: "string", enum: ["a", "b"] }), head: inRequest({ type: "string", enum: ["a"] }) },
      want: [["request-property-enum-value-removed", "breaking"]],
    },
  ],
  [
    "a request's readOnly property: its maximum lowered",
    {
      given: { base: inRequest(readOnly({ type: "integer", maximum: 10 })), head: inRequest(readOnly({ type: "integer", maximum: 5 })) },
      want: [["request-read-only-property-max-decreased", "info"]],
    },
  ],
  [
    "a request's readOnly property: its minimum raised",
    {
      given: { base: inRequest(readOnly({ type: "integer", minimum: 1 })), head: inRequest(readOnly({ type: "integer", minimum: 5 })) },
      want: [["request-read-only-property-min-increased", "info"]],
    },
  ],
  [
    "a request's readOnly property: its maxLength lowered",
    {
      given: {
        base: inRequest(readOnly({ type: "string", maxLength: 10 })),
        head: inRequest(readOnly({ type: "string", maxLength: 5 })),
      },
      want: [["request-read-only-property-max-length-decreased", "info"]],
    },
  ],
  [
    "a request's readOnly property: its exclusiveMaximum lowered",
    {
      given: {
        base: inRequest(readOnly({ type: "integer", exclusiveMaximum: 10 })),
        head: inRequest(readOnly({ type: "integer", exclusiveMaximum: 5 })),
      },
      want: [["request-read-only-property-exclusive-max-decreased", "info"]],
    },
  ],
  [
    "a request's readOnly property: its exclusiveMinimum raised",
    {
      given: {
        base: inRequest(readOnly({ type: "integer", exclusiveMinimum: 1 })),
        head: inRequest(readOnly({ type: "integer", exclusiveMinimum: 5 })),
      },
      want: [["request-read-only-property-exclusive-min-increased", "info"]],
    },
  ],
  [
    "a request property that became readOnly while an enum value was removed: judged as the head reads it",
    {
      given: {
        base: inRequest({ type: "string", enum: ["a", "b"] }),
        head: inRequest(readOnly({ type: "string", enum: ["a"] })),
      },
      want: [
        ["request-optional-property-became-read-only", "info"],
        ["request-read-only-property-enum-value-removed", "info"],
      ],
    },
  ],
  [
    "a request's readOnly property: its type changed",
    {
      given: { base: inRequest(readOnly({ type: "string" })), head: inRequest(readOnly({ type: "integer" })) },
      want: [],
    },
  ],
  [
    "a request's readOnly property: a pattern added (servers that validate what clients echo back reject it)",
    {
      given: { base: inRequest(readOnly({ type: "string" })), head: inRequest(readOnly({ type: "string", pattern: "^a$" })) },
      want: [["request-property-pattern-added", "breaking"]],
    },
  ],
  [
    "a request's readOnly property: an enum put on it (still judged)",
    {
      given: { base: inRequest(readOnly({ type: "string" })), head: inRequest(readOnly({ type: "string", enum: ["a"] })) },
      want: [["request-property-became-enum", "breaking"]],
    },
  ],
  [
    "a request's readOnly property made required",
    {
      given: { base: inRequest(readOnly({ type: "string" })), head: inRequest(readOnly({ type: "string" }), true) },
      want: [],
    },
  ],
  [
    "a request's readOnly property added, required",
    { given: { base: inRequest(), head: inRequest(readOnly({ type: "string" }), true) }, want: [] },
  ],
  [
    "a request's readOnly property removed, required",
    { given: { base: inRequest(readOnly({ type: "string" }), true), head: inRequest() }, want: [] },
  ],
  [
    "a request's readOnly property added, optional",
    { given: { base: inRequest(), head: inRequest(readOnly({ type: "string" })) }, want: [] },
  ],
  [
    "a request's readOnly property removed, optional",
    { given: { base: inRequest(readOnly({ type: "string" })), head: inRequest() }, want: [] },
  ],
];

const writeOnlyInResponses: Case[] = [
  [
    "a response's required writeOnly property added",
    {
      given: { base: inResponse(), head: inResponse(writeOnly({ type: "string" }), true) },
      want: [["response-required-write-only-property-added", "info"]],
    },
  ],
  [
    "a response's optional writeOnly property added",
    {
      given: { base: inResponse(), head: inResponse(writeOnly({ type: "string" })) },
      want: [["response-optional-write-only-property-added", "info"]],
    },
  ],
  [
    "a response's required writeOnly property removed",
    {
      given: { base: inResponse(writeOnly({ type: "string" }), true), head: inResponse() },
      want: [["response-required-write-only-property-removed", "info"]],
    },
  ],
  [
    "a response's optional writeOnly property removed",
    {
      given: { base: inResponse(writeOnly({ type: "string" })), head: inResponse() },
      want: [["response-optional-write-only-property-removed", "info"]],
    },
  ],
  [
    "a response's writeOnly property became optional",
    {
      given: { base: inResponse(writeOnly({ type: "string" }), true), head: inResponse(writeOnly({ type: "string" })) },
      want: [["response-write-only-property-became-optional", "info"]],
    },
  ],
  [
    "a response's writeOnly property became required",
    {
      given: { base: inResponse(writeOnly({ type: "string" })), head: inResponse(writeOnly({ type: "string" }), true) },
      want: [["response-write-only-property-became-required", "info"]],
    },
  ],
  [
    "a response's writeOnly property: an enum value added",
    {
      given: {
        base: inResponse(writeOnly({ type: "string", enum: ["a"] })),
        head: inResponse(writeOnly({ type: "string", enum: ["a", "b"] })),
      },
      want: [["response-write-only-property-enum-value-added", "info"]],
    },
  ],
  [
    "a response's writeOnly property: its type changed",
    {
      given: { base: inResponse(writeOnly({ type: "string" })), head: inResponse(writeOnly({ type: "integer" })) },
      want: [],
    },
  ],
];

/** [reader, required in the base and head, flags before, flags after, the finding]. */
const flagChanges: [
  "request" | "response",
  boolean,
  { readOnly?: true; writeOnly?: true },
  { readOnly?: true; writeOnly?: true },
  [string, string],
][] = [
  ["request", true, {}, { readOnly: true }, ["request-required-property-became-read-only", "info"]],
  ["request", true, { readOnly: true }, {}, ["request-required-property-became-not-read-only", "breaking"]],
  ["request", true, {}, { writeOnly: true }, ["request-required-property-became-write-only", "info"]],
  ["request", true, { writeOnly: true }, {}, ["request-required-property-became-not-write-only", "info"]],
  ["request", false, {}, { readOnly: true }, ["request-optional-property-became-read-only", "info"]],
  ["request", false, { readOnly: true }, {}, ["request-optional-property-became-not-read-only", "info"]],
  ["request", false, {}, { writeOnly: true }, ["request-optional-property-became-write-only", "info"]],
  ["request", false, { writeOnly: true }, {}, ["request-optional-property-became-not-write-only", "info"]],
  ["response", true, {}, { readOnly: true }, ["response-required-property-became-read-only", "info"]],
  ["response", true, { readOnly: true }, {}, ["response-required-property-became-not-read-only", "info"]],
  ["response", true, {}, { writeOnly: true }, ["response-required-property-became-write-only", "breaking"]],
  ["response", true, { writeOnly: true }, {}, ["response-required-property-became-not-write-only", "breaking"]],
  ["response", false, {}, { readOnly: true }, ["response-optional-property-became-read-only", "info"]],
  ["response", false, { readOnly: true }, {}, ["response-optional-property-became-not-read-only", "info"]],
  ["response", false, {}, { writeOnly: true }, ["response-optional-property-became-write-only", "info"]],
  ["response", false, { writeOnly: true }, {}, ["response-optional-property-became-not-write-only", "info"]],
];

const flagCases: Case[] = flagChanges.map(([reader, required, before, after, finding]) => {
  const place = reader === "request" ? inRequest : inResponse;
  const flags = (flag: object) => Object.keys(flag).join("") || "neither flag";
  return [
    `a ${required ? "required" : "optional"} ${reader} property: ${flags(before)} → ${flags(after)}`,
    {
      given: { base: place({ type: "string", ...before }, required), head: place({ type: "string", ...after }, required) },
      want: [finding],
    },
  ];
});

const defaults: Case[] = [
  [
    "a required request property added with a default",
    {
      given: { base: inRequest(), head: inRequest({ type: "string", default: "x" }, true) },
      want: [["new-required-request-property-with-default", "breaking"]],
    },
  ],
  [
    "a required request property added without a default",
    {
      given: { base: inRequest(), head: inRequest({ type: "string" }, true) },
      want: [["new-required-request-property", "breaking"]],
    },
  ],
  [
    "an optional request property with a default made required",
    {
      given: { base: inRequest({ type: "string", default: "x" }), head: inRequest({ type: "string", default: "x" }, true) },
      want: [["request-property-became-required-with-default", "breaking"]],
    },
  ],
  [
    "an optional request property without a default made required",
    {
      given: { base: inRequest({ type: "string" }), head: inRequest({ type: "string" }, true) },
      want: [["request-property-became-required", "breaking"]],
    },
  ],
];

const period = { deprecationDays: { beta: 30, stable: 30 } };
const deprecations: Case[] = (["request", "response"] as const).flatMap((reader): Case[] => {
  const place = reader === "request" ? inRequest : inResponse;
  return [
    [
      `a ${reader} property deprecated with no x-sunset and no period`,
      {
        given: { base: place({ type: "string" }), head: place({ type: "string", deprecated: true }) },
        want: [[`${reader}-property-deprecated`, "info"]],
      },
    ],
    [
      `a ${reader} property deprecated with an x-sunset far enough ahead`,
      {
        given: {
          base: place({ type: "string" }),
          head: place({ type: "string", deprecated: true, "x-sunset": "2030-06-01" }),
          options: period,
        },
        want: [[`${reader}-property-deprecated-with-sunset`, "info"]],
      },
    ],
    [
      `a ${reader} property no longer deprecated`,
      {
        given: { base: place({ type: "string", deprecated: true }), head: place({ type: "string" }) },
        want: [[`${reader}-property-reactivated`, "info"]],
      },
    ],
    [
      `a ${reader} property deprecated with no x-sunset while a period applies`,
      {
        given: { base: place({ type: "string" }), head: place({ type: "string", deprecated: true }), options: period },
        want: [[`${reader}-property-deprecated-sunset-missing`, "breaking"]],
      },
    ],
  ];
});

const stability = (level: unknown) => ({ type: "string", "x-stability-level": level });
const stabilities: Case[] = (["request", "response"] as const).flatMap((reader): Case[] => {
  const place = reader === "request" ? inRequest : inResponse;
  return [
    [
      `a ${reader} property's x-stability-level lowered from stable to beta`,
      {
        given: { base: place(stability("stable")), head: place(stability("beta")) },
        want: [[`${reader}-property-stability-decreased`, "breaking"]],
      },
    ],
    [
      `a ${reader} property's x-stability-level raised from beta to stable`,
      {
        given: { base: place(stability("beta")), head: place(stability("stable")) },
        want: [[`${reader}-property-stability-increased`, "info"]],
      },
    ],
    [
      `a ${reader} property's x-stability-level lowered from alpha to draft, alpha not judged (the default, beta)`,
      { given: { base: place(stability("alpha")), head: place(stability("draft")) }, want: [] },
    ],
    [
      `a ${reader} property's x-stability-level lowered from alpha to draft, alpha judged`,
      {
        given: { base: place(stability("alpha")), head: place(stability("draft")), options: { stabilityLevel: "alpha" } },
        want: [[`${reader}-property-stability-decreased`, "breaking"]],
      },
    ],
    [
      `a ${reader} property's x-stability-level raised from alpha to stable, alpha not judged`,
      { given: { base: place(stability("alpha")), head: place(stability("stable")) }, want: [] },
    ],
    [
      `a ${reader} property's x-stability-level lowered from beta to alpha, only stable judged`,
      {
        given: { base: place(stability("beta")), head: place(stability("alpha")), options: { stabilityLevel: "stable" } },
        want: [],
      },
    ],
    [
      `a ${reader} property's x-stability-level changed to one that is not a level`,
      {
        given: { base: place(stability("stable")), head: place(stability("solid")) },
        want: [["api-invalid-stability-level", "breaking"]],
      },
    ],
  ];
});

const cases: Case[] = [...readOnlyInRequests, ...writeOnlyInResponses, ...flagCases, ...defaults, ...deprecations, ...stabilities];

describe("readOnly, writeOnly, defaults, deprecation and stability of a property", () => {
  it.each(cases)("%s", (_, { given, want }) => {
    const findings = compareDocuments(inMemoryDocument(given.base, "base.yaml"), inMemoryDocument(given.head, "head.yaml"), {
      today: TODAY,
      ...given.options,
    });
    expect(findings.map((finding) => [finding.id, finding.level])).toEqual(want);
  });
});
