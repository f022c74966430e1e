// oasdiff's security checks, table-driven, in process: an operation's requirement with a scope
// added (breaking here, oasdiff: INFO) or removed, the document's own security, and the security
// schemes of components (all info: what they do to a client is judged on each operation).
import { describe, expect, it } from "vitest";
import { compareDocuments } from "../src/index.js";
import { inMemoryDocument } from "./in-memory-document.js";

type Node = Record<string, unknown>;
const oauth = (scopes: Node, authorizationUrl = "https://auth.example/authorize", type = "oauth2") => ({
  type,
  flows: { implicit: { authorizationUrl, scopes } },
});

/** A document with GET /items, its `security` (undefined: none written), the document's `global` and the `schemes` of components. */
const documentWith = ({
  security,
  global,
  schemes = { auth: oauth({ read: "", write: "" }) },
}: {
  security?: unknown;
  global?: unknown;
  schemes?: Node;
}) => ({
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  ...(global !== undefined ? { security: global } : {}),
  paths: { "/items": { get: { ...(security !== undefined ? { security } : {}), responses: { "200": { description: "ok" } } } } },
  components: { securitySchemes: schemes },
});

const cases: [string, { given: { base: object; head: object }; want: [string, string][] }][] = [
  [
    "a scope added to an operation's requirement",
    {
      given: { base: documentWith({ security: [{ auth: ["read"] }] }), head: documentWith({ security: [{ auth: ["read", "write"] }] }) },
      want: [["api-security-scope-added", "breaking"]],
    },
  ],
  [
    "a scope removed from an operation's requirement",
    {
      given: { base: documentWith({ security: [{ auth: ["read", "write"] }] }), head: documentWith({ security: [{ auth: ["read"] }] }) },
      want: [["api-security-scope-removed", "info"]],
    },
  ],
  [
    "a requirement added to the document's security, which an operation inherits",
    {
      given: { base: documentWith({}), head: documentWith({ global: [{ auth: ["read"] }] }) },
      want: [
        ["api-security-added", "breaking"],
        ["api-global-security-added", "info"],
      ],
    },
  ],
  [
    "a requirement removed from the document's security, the operation keeping its own",
    {
      given: { base: documentWith({ security: [{ auth: [] }], global: [{ auth: [] }] }), head: documentWith({ security: [{ auth: [] }] }) },
      want: [["api-global-security-removed", "info"]],
    },
  ],
  [
    "a scope added to and one removed from the document's security, the operation keeping its own",
    {
      given: {
        base: documentWith({ security: [{ auth: [] }], global: [{ auth: ["read"] }] }),
        head: documentWith({ security: [{ auth: [] }], global: [{ auth: ["write"] }] }),
      },
      want: [
        ["api-global-security-scope-added", "info"],
        ["api-global-security-scope-removed", "info"],
      ],
    },
  ],
  [
    "a security scheme added to components",
    {
      given: {
        base: documentWith({}),
        head: documentWith({ schemes: { auth: oauth({ read: "", write: "" }), key: { type: "apiKey", in: "header", name: "k" } } }),
      },
      want: [["api-security-component-added", "info"]],
    },
  ],
  [
    "a security scheme removed from components",
    { given: { base: documentWith({}), head: documentWith({ schemes: {} }) }, want: [["api-security-component-removed", "info"]] },
  ],
  [
    "the type of a security scheme changed",
    {
      given: {
        base: documentWith({}),
        head: documentWith({ schemes: { auth: oauth({ read: "", write: "" }, undefined, "openIdConnect") } }),
      },
      want: [["api-security-component-type-changed", "info"]],
    },
  ],
  [
    "the authorization URL of an implicit flow changed",
    {
      given: {
        base: documentWith({}),
        head: documentWith({ schemes: { auth: oauth({ read: "", write: "" }, "https://other.example/authorize") } }),
      },
      want: [["api-security-component-oauth-url-changed", "info"]],
    },
  ],
  [
    "the token URL of an implicit flow changed",
    {
      given: {
        base: documentWith({}),
        head: documentWith({
          schemes: {
            auth: { type: "oauth2", flows: { implicit: { ...oauth({ read: "", write: "" }).flows.implicit, tokenUrl: "https://t" } } },
          },
        }),
      },
      want: [["api-security-component-oauth-token-url-changed", "info"]],
    },
  ],
  [
    "scopes of an implicit flow added, removed and described otherwise",
    {
      given: { base: documentWith({}), head: documentWith({ schemes: { auth: oauth({ read: "reads", admin: "" }) } }) },
      want: [
        ["api-security-component-oauth-scope-changed", "info"],
        ["api-security-component-oauth-scope-removed", "info"],
        ["api-security-component-oauth-scope-added", "info"],
      ],
    },
  ],
];

describe("security checks of oasdiff", () => {
  it.each(cases)("%s", (_, { given, want }) => {
    const findings = compareDocuments(inMemoryDocument(given.base, "base.yaml"), inMemoryDocument(given.head, "head.yaml"));
    expect(findings.map((finding) => [finding.id, finding.level])).toEqual(want);
  });
});
