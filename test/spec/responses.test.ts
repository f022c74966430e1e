// Every response of every operation carries the headers of the interface document
// (Errors › Headers on every response; Endpoints › General rules), declared required so
// that breaking-change tools treat their removal as breaking. The operations are those of the
// built document, whichever the spec adds; the interface document's own table says which must
// be among them.
import { describe, expect, it } from "vitest";
import { interfaceTable, listOperations, loadCatalogue, loadOpenApi, resolveRef } from "../support/generated.js";

const document = loadOpenApi();
const { headers, limits } = loadCatalogue();
const operations = listOperations(document);
const withExtension = (name: string) => operations.filter(({ operation }) => operation[name] !== undefined);
const STANDARD = [headers.request_id, headers.rate_limit_limit, headers.rate_limit_remaining, headers.rate_limit_reset];

const responses = operations.flatMap(({ path, method, operation }) =>
  Object.entries<any>(operation.responses).map(([status, response]) => ({
    name: `${method.toUpperCase()} ${path} ${status}`,
    status,
    response: resolveRef(document, response),
  })),
);

describe("response headers", () => {
  // @trace covers-every-operation-of-the-interface-document
  it("covers every operation of the interface document", () => {
    // Endpoints: the paths are written with `{base_url}` where the document gives one.
    const rows = interfaceTable("Endpoints").map(([method, path]) => `${method} ${path!.replace("{base_url}", "")}`);
    expect(rows.length).toBeGreaterThan(0);
    const built = operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(rows.filter((row) => !built.includes(row))).toEqual([]);
  });

  // @trace declares-the-standard-headers-required
  it.each(responses.map((entry) => [entry.name, entry]))("%s declares the standard headers, required", (_name, entry) => {
    for (const header of STANDARD) {
      expect(entry.response.headers?.[header], header).toBeDefined();
      expect(entry.response.headers[header].required, header).toBe(true);
    }
  });

  // @trace declares-retry-after-only-on-429-and-503
  it.each(responses.map((entry) => [entry.name, entry]))("%s declares Retry-After only on 429 and 503", (_name, entry) => {
    const hasRetryAfter = Boolean(entry.response.headers?.[headers.retry_after]);
    expect(hasRetryAfter).toBe(entry.status === "429" || entry.status === "503");
    if (hasRetryAfter) expect(entry.response.headers[headers.retry_after].required).toBe(true);
  });

  // @trace puts-a-required-etag-on-every-resource-response
  it("puts a required ETag on every resource response", () => {
    // A resource response: a 2xx with a body. Every operation has one.
    const resourceResponses = responses.filter((entry) => /^2/.test(entry.status) && entry.response.content);
    for (const { method, path } of operations) {
      expect(
        resourceResponses.some((entry) => entry.name.startsWith(`${method.toUpperCase()} ${path} `)),
        `${method.toUpperCase()} ${path} has a resource response`,
      ).toBe(true);
    }
    for (const entry of resourceResponses) {
      expect(entry.response.headers?.[headers.entity_tag]?.required, entry.name).toBe(true);
    }
  });

  // @trace gives-304-no-body-but-the-etag-and-standard-head
  it("gives 304 no body, but the ETag and standard headers", () => {
    // A 304 exactly where x-signing-platform-conditional-request says the operation answers one.
    const notModified = responses.filter((entry) => entry.status === "304");
    const conditional = withExtension("x-signing-platform-conditional-request");
    expect(conditional.length).toBeGreaterThan(0);
    expect(notModified.map((entry) => entry.name).sort()).toEqual(
      conditional.map(({ method, path }) => `${method.toUpperCase()} ${path} 304`).sort(),
    );
    for (const entry of notModified) {
      expect(entry.response.content).toBeUndefined();
      expect(entry.response.headers[headers.entity_tag].required).toBe(true);
    }
  });

  it("gives every 4xx and 5xx the error body", () => {
    for (const entry of responses.filter((candidate) => /^[45]/.test(candidate.status))) {
      const schema = entry.response.content?.["application/json"]?.schema;
      expect(schema, entry.name).toEqual({ $ref: "#/components/schemas/ErrorBody" });
    }
  });
});

describe("requests", () => {
  // @trace requires-idempotency-key-with-the-alphanumeric-1
  it("requires Idempotency-Key with the alphanumeric 16–128 pattern on every POST, PUT and PATCH", () => {
    const writes = operations.filter(({ method }) => ["post", "put", "patch"].includes(method));
    expect(writes.length).toBeGreaterThan(0);
    for (const { operation } of writes) {
      const parameters = operation.parameters.map((parameter: any) => resolveRef(document, parameter));
      const key = parameters.find((parameter: any) => parameter.name === headers.idempotency_key);
      expect(key).toMatchObject({ in: "header", required: true, schema: { pattern: "^[A-Za-z0-9]{16,128}$" } });
    }
  });

  // @trace bounds-limit-to-1-100-with-default-25
  it("bounds limit to 1–100 with default 25, and takes an opaque string cursor", () => {
    // Every list: GET /certificates (Endpoints) and any other the spec pages (Limits).
    const lists = withExtension("x-signing-platform-pagination");
    expect(lists.map(({ method, path }) => `${method.toUpperCase()} ${path}`)).toContain("GET /certificates");
    for (const { operation } of lists) {
      const parameters = operation.parameters.map((parameter: any) => resolveRef(document, parameter));
      expect(parameters.find((parameter: any) => parameter.name === "limit").schema, operation.operationId).toMatchObject({
        type: "integer",
        minimum: limits.page_size_minimum,
        maximum: limits.page_size_maximum,
        default: limits.page_size_default,
      });
      expect(parameters.find((parameter: any) => parameter.name === "cursor").schema, operation.operationId).toEqual({ type: "string" });
    }
  });

  it.each(withExtension("x-signing-platform-conditional-request").map(({ path }) => [path]))("accepts If-None-Match on GET %s", (path) => {
    const parameters = document.paths[path].get.parameters.map((parameter: any) => resolveRef(document, parameter));
    expect(parameters.find((parameter: any) => parameter.name === headers.if_none_match)).toMatchObject({
      in: "header",
      required: false,
    });
  });

  // @trace puts-the-signing-request-path-under-v1
  it("puts the signing-request path under /v1 and the base URL in a server variable", () => {
    expect(Object.keys(document.paths)).toContain("/v1/signing-requests/{id}");
    expect(document.servers[0].url).toBe("{base_url}");
    expect(document.servers[0].variables.base_url.default).toBeTypeOf("string");
  });

  // @trace accepts-an-oauth-2-0-bearer-token-a-mutual-tls-c
  it("accepts an OAuth 2.0 bearer token, a mutual-TLS client certificate, or both", () => {
    expect(document.components.securitySchemes.AccessToken).toMatchObject({ type: "http", scheme: "Bearer" });
    expect(document.components.securitySchemes.MutualTls).toMatchObject({ type: "mutualTLS" });
    expect(document.security).toEqual([{ AccessToken: [] }, { MutualTls: [] }, { AccessToken: [], MutualTls: [] }]);
  });
});
