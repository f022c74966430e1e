// The security model both SDKs are made from: which schemes the SDK can send, the option each
// takes its credentials in, and each operation's requirements (its own, else the document's).
import { describe, expect, it } from "vitest";
import { buildSecurity } from "../src/security-model.js";

const ok = { "200": { description: "OK" } };
const document = (schemes: Record<string, unknown>, paths: Record<string, unknown>, security?: unknown) =>
  ({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths,
    components: { securitySchemes: schemes },
    ...(security ? { security } : {}),
  }) as never;

describe("buildSecurity", () => {
  it("names an option after the kind, and after the scheme too where the kind is there twice", () => {
    const { schemes } = buildSecurity(
      document(
        {
          basicAuth: { type: "http", scheme: "Basic" },
          token: { type: "http", scheme: "bearer" },
          ApiKeyHeader: { type: "apiKey", in: "header", name: "X-Key" },
          partner: { type: "apiKey", in: "query", name: "key" },
          fetch: { type: "apiKey", in: "cookie", name: "c" },
          oidc: { type: "openIdConnect", openIdConnectUrl: "https://id.example.com" },
          certificate: { type: "mutualTLS" },
        },
        {},
      ),
      [],
    );
    expect(schemes.map(({ name, option }) => [name, option])).toEqual([
      ["basicAuth", "basic"],
      ["token", "bearer"],
      ["ApiKeyHeader", "apiKeyHeader"],
      ["partner", "apiKeyPartner"],
      ["fetch", "apiKeyFetch"],
      ["oidc", "openIdConnect"],
      ["certificate", "mutualTLS"],
    ]);
  });

  it("reads OAuth 2.0 client credentials with their token URL and scopes, other flows as a token, $refs followed", () => {
    const { schemes } = buildSecurity(
      {
        ...(document(
          {
            machine: { $ref: "#/x-schemes/machine" },
            user: { type: "oauth2", flows: { implicit: { authorizationUrl: "https://id.example.com/a", scopes: {} } } },
          },
          {},
        ) as object),
        "x-schemes": { machine: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "/token", scopes: { a: "", b: "" } } } } },
      } as never,
      [],
    );
    expect(schemes.map(({ option, scheme }) => [option, scheme])).toEqual([
      ["oauth2Machine", { type: "oauth2ClientCredentials", tokenUrl: "/token", scopes: ["a", "b"] }],
      ["oauth2User", { type: "oauth2" }],
    ]);
  });

  it("lists the schemes it cannot send, and why", () => {
    const { schemes, unsupported } = buildSecurity(
      document({ digest: { type: "http", scheme: "digest" }, nameless: { type: "apiKey", in: "header" } }, {}),
      [],
    );
    expect(schemes).toEqual([]);
    expect(unsupported.map(({ name }) => name)).toEqual(["digest", "nameless"]);
  });

  it("takes each operation's own security, else the document's, and records none for `[]`", () => {
    const paths = {
      "/own": { get: { responses: ok, security: [{ key: [] }, { basic: [], key: [] }] } },
      "/inherited": { get: { responses: ok } },
      "/none": { get: { responses: ok, security: [] } },
      "/optional": { get: { responses: ok, security: [{}] } },
    };
    const { operations } = buildSecurity(
      document({ basic: { type: "http", scheme: "basic" }, key: { type: "apiKey", in: "header", name: "K" } }, paths, [{ basic: [] }]),
      Object.keys(paths).map((path) => ({ path, method: "get" })),
    );
    expect(operations).toEqual({
      "/own": { get: [["key"], ["basic", "key"]] },
      "/inherited": { get: [["basic"]] },
      "/optional": { get: [[]] },
    });
  });
});
