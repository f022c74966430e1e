// A document is read at start-up into the same descriptors the build reads the package's own
// into, or refused in one line naming the place.
import { describe, expect, it } from "vitest";
import { compileDocument } from "../../src/document/document-operations.js";
import { operationTable as buildTable } from "../../scripts/operation-table.mjs";
import { operationTable } from "../../src/generated/operations.js";
import { createApp, staticCredentialResolver } from "../../src/index.js";
import { CURSOR_SECRET } from "../support/fixture-app.js";
import { implementerDocument, packageDocument } from "../support/implementer-document.js";

type Node = Record<string, any>;

describe("reading a document", () => {
  it("reads the package's own document into the descriptors the build wrote", () => {
    const { operations, baseUrl } = compileDocument("test", packageDocument());
    expect(operations).toEqual(operationTable);
    expect(baseUrl).toBe(packageDocument().servers[0].url);
  });

  it("merges a path item's parameters with the operation's, the operation's overriding, as the build does", () => {
    const document = packageDocument();
    const item = document.paths["/certificates/{id}"];
    const [written, ...rest] = item.get.parameters;
    const id = { ...written, schema: { type: "string", pattern: "^cert_" } };
    // The path item declares the path parameter and a header; the operation redeclares both.
    item.parameters = [written, { name: "If-None-Match", in: "header", schema: { type: "integer" } }];
    item.get.parameters = [id, ...rest];
    const { operations } = compileDocument("test", document);
    const get = operations.find((operation) => operation.operationId === "getCertificate")!;
    expect(get.parameters.filter((parameter) => parameter.name === "id")).toEqual([
      { name: "id", in: "path", required: true, schema: { type: "string", pattern: "^cert_" } },
    ]);
    expect(get.parameters.filter((parameter) => parameter.name.toLowerCase() === "if-none-match")).toHaveLength(1);
    expect(operations).toEqual(buildTable(document));
  });

  it("reads the implementer's operations with their extensions", () => {
    const { operations } = compileDocument("test", implementerDocument());
    const byId = Object.fromEntries(operations.map((operation) => [operation.operationId, operation]));
    expect(byId.createSigningRequest).toMatchObject({
      method: "POST",
      routePath: "/signing-requests",
      idempotency: { header: "Idempotency-Key" },
    });
    expect(byId.listSigningRequests).toMatchObject({ method: "GET", pagination: { cursor_parameter: "cursor" } });
    expect(byId.cancelSigningRequest).toMatchObject({ routePath: "/signing-requests/:id/cancel", requestBody: null });
  });
});

const broken: [string, { change: (document: Node) => void; want: string }][] = [
  [
    "an operation without an operationId",
    {
      change: (document) => delete document.paths["/signing-requests"].get.operationId,
      want: "createApp: document at GET /signing-requests: the operation has no operationId",
    },
  ],
  [
    "two operations with one id",
    {
      change: (document) => (document.paths["/signing-requests"].get.operationId = "getCertificate"),
      want: "createApp: document at GET /signing-requests: operationId getCertificate is also the id of GET /certificates/{id}",
    },
  ],
  [
    "a $ref that does not resolve",
    {
      change: (document) => (document.components.schemas.SigningRequestDraft.properties.title = { $ref: "#/components/schemas/Missing" }),
      want: "createApp: document at #/components/schemas/SigningRequestDraft/properties/title: $ref #/components/schemas/Missing points to nothing",
    },
  ],
  [
    "a $ref to another file",
    {
      change: (document) => (document.paths["/signing-requests"].post.requestBody = { $ref: "other.yaml#/body" }),
      want: "createApp: document at #/paths/~1signing-requests/post/requestBody: $ref other.yaml#/body points outside the document: only references inside it (#/…) are followed, so bundle a split document first",
    },
  ],
  [
    "an idempotency extension without its header",
    {
      change: (document) => delete document.paths["/signing-requests"].post["x-signing-platform-idempotency"].header,
      want: "createApp: document at POST /signing-requests x-signing-platform-idempotency.header: must be a string; got nothing",
    },
  ],
  [
    "a pagination extension that is not an object",
    {
      change: (document) => (document.paths["/signing-requests"].get["x-signing-platform-pagination"] = true),
      want: "createApp: document at GET /signing-requests x-signing-platform-pagination: must be an object",
    },
  ],
  [
    "a limit given as text",
    {
      change: (document) => (document.paths["/signing-requests"].get["x-signing-platform-pagination"].limit_maximum = "100"),
      want: "createApp: document at GET /signing-requests x-signing-platform-pagination.limit_maximum: must be a number; got string",
    },
  ],
  [
    "an error code no catalogue has",
    {
      change: (document) => document.paths["/signing-requests"].post["x-signing-platform-errors"].push("signing_request_frozen"),
      want: "createApp: document at POST /signing-requests x-signing-platform-errors: signing_request_frozen is not an error code of the document's catalogue",
    },
  ],
  [
    "a path parameter the operation does not declare",
    {
      change: (document) =>
        (document.paths["/signing-requests/{id}/cancel"].post.parameters =
          document.paths["/signing-requests/{id}/cancel"].post.parameters.slice(1)),
      want: "createApp: document at POST /signing-requests/{id}/cancel: the path parameter id is not declared",
    },
  ],
  [
    "no paths",
    { change: (document) => delete document.paths, want: "createApp: document: not an OpenAPI document: it has no `paths` object" },
  ],
];

describe("a document the server cannot serve", () => {
  it.each(broken)("%s is refused at the call, in one line naming the place", (_name, { change, want }) => {
    const document = implementerDocument();
    change(document);
    const start = () =>
      createApp({
        document,
        cursorSecret: CURSOR_SECRET,
        authentication: { resolver: staticCredentialResolver({ tokens: {} }) },
        handlers: {},
      });
    expect(start).toThrow(want);
    try {
      start();
    } catch (error) {
      expect((error as Error).message).toBe(want);
    }
  });

  it("a file that is not there is refused naming it", () => {
    expect(() =>
      createApp({
        document: "/nonexistent/openapi.yaml",
        cursorSecret: CURSOR_SECRET,
        authentication: { resolver: staticCredentialResolver({ tokens: {} }) },
        handlers: {},
      }),
    ).toThrow(/^createApp: document: \/nonexistent\/openapi\.yaml: no such file\.$/);
  });
});
