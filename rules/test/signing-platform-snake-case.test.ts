// Interface document › Resources and their fields, Errors › Error body: every field is
// snake_case (client_secret, created_at, content_url, request_id). Every property of a JSON
// request body, response body and webhook payload is, through $refs, compositions, items and
// additionalProperties; each schema once; headers and parameters are not judged.
import { describe, expect, it } from "vitest";
import { snakeCaseOf } from "@signing-platform/contract";
import { broken, findingsOf, lint, type BreakCase, type Json } from "./support/lint.js";

const expected = findingsOf("signing-platform-snake-case");
const schemas = (document: Json) => document.components.schemas;
const schemaAt = (...path: string[]) => ["components", "schemas", ...path];

describe("signing-platform-snake-case", () => {
  it.each<BreakCase>([
    [
      "a camelCase property of a request body, reported once though the response returns it too",
      (document) => (schemas(document).Enrollment.properties.createdAt = { type: "string" }),
      [
        expected(
          "Property `createdAt` in the request body of POST /enrollments is not snake_case: name it `created_at`.",
          schemaAt("Enrollment", "properties", "createdAt"),
        ),
      ],
    ],
    [
      "a camelCase property of the items of an array in a response",
      (document) => (schemas(document).SigningRequest.properties.documents.items.properties.contentUrl = { type: "string" }),
      [
        expected(
          "Property `contentUrl` in the 200 response of GET /v1/signing-requests/{id} (at documents[].contentUrl) is not snake_case: name it `content_url`.",
          schemaAt("SigningRequest", "properties", "documents", "items", "properties", "contentUrl"),
        ),
      ],
    ],
    [
      "a camelCase property of a webhook payload",
      (document) => (schemas(document).SigningRequestEvent.properties.data.properties.object.properties.signedAt = { type: "string" }),
      [
        expected(
          "Property `signedAt` in the payload of webhook `signing_request.completed` (at data.object.signedAt) is not snake_case: name it `signed_at`.",
          schemaAt("SigningRequestEvent", "properties", "data", "properties", "object", "properties", "signedAt"),
        ),
      ],
    ],
    [
      "a camelCase property added through allOf, in the items of a page",
      (document) => {
        const certificate = schemas(document).Certificate;
        schemas(document).Certificate = { allOf: [certificate, { type: "object", properties: { issuedAt: { type: "string" } } }] };
      },
      [
        expected(
          "Property `issuedAt` in the 200 response of GET /certificates (at items[].issuedAt) is not snake_case: name it `issued_at`.",
          schemaAt("Certificate", "allOf", "1", "properties", "issuedAt"),
        ),
      ],
    ],
    [
      "a camelCase property of the values of a map",
      (document) => {
        schemas(document).Enrollment.properties.metadata = {
          type: "object",
          additionalProperties: { type: "object", properties: { setBy: { type: "string" } } },
        };
      },
      [
        expected(
          "Property `setBy` in the request body of POST /enrollments (at metadata.*.setBy) is not snake_case: name it `set_by`.",
          schemaAt("Enrollment", "properties", "metadata", "additionalProperties", "properties", "setBy"),
        ),
      ],
    ],
    [
      "a kebab-case property of the error detail every error response shares, reported once",
      (document) => (schemas(document).ErrorDetail.properties["json-path"] = { type: "string" }),
      [
        expected(
          "Property `json-path` in the 404 response of GET /v1/signing-requests/{id} (at error.details[].json-path) is not snake_case: name it `json_path`.",
          schemaAt("ErrorDetail", "properties", "json-path"),
        ),
      ],
    ],
    [
      "a property that no spelling makes snake_case",
      (document) => (schemas(document).Enrollment.properties["2faEnabled"] = { type: "boolean" }),
      [
        expected(
          "Property `2faEnabled` in the request body of POST /enrollments is not snake_case: a field name matches ^[a-z][a-z0-9]*(_[a-z0-9]+)*$.",
          schemaAt("Enrollment", "properties", "2faEnabled"),
        ),
      ],
    ],
  ])("flags %s", async (_name, breakIt, want) => {
    expect(await lint(broken(breakIt))).toEqual(want);
  });

  it.each<[string, (document: Json) => void]>([
    [
      "a camelCase property of a parameter's schema",
      (document) => {
        document.paths["/certificates"].get.parameters.push({
          name: "filter",
          in: "query",
          description: "Filter.",
          style: "deepObject",
          schema: { type: "object", properties: { issuedAfter: { type: "string" } } },
        });
      },
    ],
    [
      "a component that no body reaches",
      (document) => (schemas(document).Unused = { type: "object", properties: { createdAt: { type: "string" } } }),
    ],
    [
      "a camelCase property that a `not` forbids",
      (document) => (schemas(document).Enrollment.not = { required: ["createdAt"], properties: { createdAt: {} } }),
    ],
  ])("does not judge %s", async (_name, change) => {
    expect(await lint(broken(change))).toEqual([]);
  });

  it.each([
    ["createdAt", "created_at"],
    ["HTTPStatus", "http_status"],
    ["userID", "user_id"],
    ["content-url", "content_url"],
    ["Created__At", "created_at"],
    ["_id", "id"],
    ["x509Thumbprint", "x509_thumbprint"],
  ])("spells %s as %s", (name, spelling) => expect(snakeCaseOf(name)).toBe(spelling));
});
