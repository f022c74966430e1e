// Interface document › Endpoints: "Every POST, PUT and PATCH requires an Idempotency-Key
// header"; Errors › Idempotency 4: alphanumeric, 16 to 128 characters (docs/decisions.md#idempotency-keys).
import { describe, expect, it } from "vitest";
import { broken, findingsOf, lint, type BreakCase, type Json } from "./support/lint.js";

const expected = findingsOf("signing-platform-idempotency-key");
const create = (document: Json) => document.paths["/enrollments"].post;
const keyParameter = (document: Json) => document.components.parameters.IdempotencyKey;

describe("signing-platform-idempotency-key", () => {
  it.each<BreakCase>([
    [
      "a POST without the header",
      (document) => (create(document).parameters = []),
      [
        expected("POST /enrollments does not take the Idempotency-Key header: every POST, PUT and PATCH requires it.", [
          "paths",
          "/enrollments",
          "post",
        ]),
      ],
    ],
    [
      "a PUT without the header",
      (document) =>
        (document.paths["/enrollments/{id}"].put = {
          ...structuredClone(create(document)),
          operationId: "replaceEnrollment",
          parameters: [{ $ref: "#/components/parameters/Id" }],
        }),
      [
        expected("PUT /enrollments/{id} does not take the Idempotency-Key header: every POST, PUT and PATCH requires it.", [
          "paths",
          "/enrollments/{id}",
          "put",
        ]),
      ],
    ],
    [
      "an optional header",
      (document) => (create(document).parameters = [{ ...keyParameter(document), required: false }]),
      [expected("Idempotency-Key of POST /enrollments must be required.", ["paths", "/enrollments", "post", "parameters", "0"])],
    ],
    [
      "a pattern that admits hyphens (a UUID)",
      (document) => (keyParameter(document).schema.pattern = "^[A-Za-z0-9-]{16,128}$"),
      [
        expected("Idempotency-Key of POST /enrollments must have the pattern ^[A-Za-z0-9]{16,128}$ (alphanumeric, 16 to 128 characters).", [
          "components",
          "parameters",
          "IdempotencyKey",
          "schema",
        ]),
      ],
    ],
    [
      "a maximum length other than the limit",
      (document) => (keyParameter(document).schema.maxLength = 64),
      [
        expected("Idempotency-Key of POST /enrollments must have maxLength 128 (alphanumeric, 16 to 128 characters), not 64.", [
          "components",
          "parameters",
          "IdempotencyKey",
          "schema",
          "maxLength",
        ]),
      ],
    ],
  ])("flags %s", async (_name, breakIt, want) => {
    expect(await lint(broken(breakIt))).toEqual(want);
  });

  it.each<[string, (document: Json) => void]>([
    [
      "a header name in another case (HTTP header names are case-insensitive)",
      (document) => (keyParameter(document).name = "idempotency-key"),
    ],
    [
      "the header declared on the path item",
      (document) => {
        document.paths["/enrollments"].parameters = create(document).parameters;
        create(document).parameters = [];
      },
    ],
    [
      "a DELETE without the header",
      (document) => (document.paths["/enrollments/{id}"].delete.parameters = [{ $ref: "#/components/parameters/Id" }]),
    ],
  ])("accepts %s", async (_name, change) => {
    expect(await lint(broken(change))).toEqual([]);
  });
});
