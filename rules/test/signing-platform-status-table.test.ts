// Interface document › Errors › HTTP statuses: every response status an operation declares is
// in the catalogue's status table; `default` and a range that covers a status of the table are
// catch-alls; the table is the document's own when it carries one.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { broken, findingsOf, lint, type BreakCase, type Json } from "./support/lint.js";

const catalogue = JSON.parse(readFileSync(new URL("../../generated/catalogue.json", import.meta.url), "utf8"));
const statuses: number[] = catalogue.statuses.map((entry: { status: number }) => entry.status).sort((a: number, b: number) => a - b);
const table = `the table has ${statuses.slice(0, -1).join(", ")} and ${statuses.at(-1)}`;

const expected = findingsOf("signing-platform-status-table");
const create = (document: Json) => document.paths["/enrollments"].post;
const createAt = ["paths", "/enrollments", "post"];
/** An error response complete in every other respect: the standard headers and the error body. */
const errorResponse = (document: Json, description: string): Json => ({
  description,
  headers: structuredClone(create(document).responses["409"].headers),
  content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
});

describe("signing-platform-status-table", () => {
  it("is tested against a table without 423", () => expect(statuses).not.toContain(423));

  it.each<BreakCase>([
    [
      "a 423, which the table does not have",
      (document) => (create(document).responses["423"] = errorResponse(document, "Locked.")),
      [expected(`POST /enrollments declares status 423, which is not in the status table: ${table}.`, [...createAt, "responses", "423"])],
    ],
    [
      "a range that covers no status of the table",
      (document) => {
        const { description, headers } = errorResponse(document, "Informational.");
        create(document).responses["1XX"] = { description, headers };
      },
      [
        expected(`POST /enrollments declares the range 1XX, which covers no status of the status table: ${table}.`, [
          ...createAt,
          "responses",
          "1XX",
        ]),
      ],
    ],
  ])("flags %s", async (_name, breakIt, want) => {
    expect(await lint(broken(breakIt))).toEqual(want);
  });

  it("reports a 423 whose inline body pins the code `locked`, with the error catalogue reporting the code", async () => {
    const document = broken((document) => {
      const locked = errorResponse(document, "Locked.");
      locked.content["application/json"].schema = structuredClone(create(document).responses["409"].content["application/json"].schema);
      locked.content["application/json"].schema.properties.error.properties.code = { type: "string", const: "locked" };
      create(document).responses["423"] = locked;
    });
    const lockedAt = [...createAt, "responses", "423"];
    expect(await lint(document)).toEqual([
      expected(`POST /enrollments declares status 423, which is not in the status table: ${table}.`, lockedAt),
      findingsOf("signing-platform-error-catalogue")(
        "Error code `locked` used by the 423 response of POST /enrollments is not in the catalogue.",
        [...lockedAt, "content", "application/json", "schema", "properties", "error", "properties", "code"],
      ),
    ]);
  });

  it.each<[string, (document: Json) => void]>([
    ["a `default` response", (document) => (create(document).responses.default = errorResponse(document, "Any other error."))],
    [
      "a range that covers statuses of the table",
      (document) => (create(document).responses["4XX"] = errorResponse(document, "Client errors.")),
    ],
    [
      "a 423 in a document whose own status table has it",
      (document) => {
        create(document).responses["423"] = errorResponse(document, "Locked.");
        document["x-signing-platform-catalogue"] = { ...catalogue, statuses: [...catalogue.statuses, { status: 423, retry: "no" }] };
      },
    ],
  ])("accepts %s", async (_name, change) => {
    expect(await lint(broken(change))).toEqual([]);
  });
});
