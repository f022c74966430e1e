// Where the rules read the catalogue, header names and limits: the document's own
// x-signing-platform-* root extensions when it has them, else the package's copy of
// generated/catalogue.json. Never a list typed into the rules.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { readConventions } from "../src/conventions.js";
import { broken, findingsOf, lint, type Json } from "./support/lint.js";

const root = new URL("../../", import.meta.url);
const catalogue = JSON.parse(readFileSync(new URL("generated/catalogue.json", root), "utf8"));
const generated = YAML.parse(readFileSync(new URL("generated/openapi.yaml", root), "utf8"));
const expected = findingsOf("signing-platform-error-catalogue");

/** The clean fixture's 409 pins a code that only a downstream catalogue has. */
function withTeapotConflict(document: Json): void {
  document.paths["/enrollments"].post.responses["409"].content["application/json"].schema.properties.error.properties.code.enum.push(
    "teapot",
  );
}

describe("conventions", () => {
  it("fall back to the package's generated/catalogue.json when the document has no extensions", () => {
    const conventions = readConventions({ openapi: "3.1.0" });
    expect(conventions.sources).toEqual({ catalogue: "package", limits: "package", headers: "package", webhookHeaders: "package" });
    expect(conventions.errors).toEqual(catalogue.errors);
    expect(conventions.headers).toEqual(catalogue.headers);
    expect(conventions.retrySchedule).toEqual(catalogue.webhook_retry_schedule_seconds);
  });

  it("come from the document's root extensions when it has them", () => {
    const conventions = readConventions(generated);
    expect(conventions.sources).toEqual({ catalogue: "document", limits: "document", headers: "document", webhookHeaders: "document" });
    expect(conventions.errors).toBe(generated["x-signing-platform-catalogue"].errors);
  });

  it("judge a document by its own catalogue", async () => {
    const downstream = broken((document) => {
      withTeapotConflict(document);
      const teapot = { code: "teapot", status: 409, condition: "A downstream code.", retry: "no", source: "addition", operations: [] };
      document["x-signing-platform-catalogue"] = { ...catalogue, errors: [...catalogue.errors, teapot] };
    });
    expect(await lint(downstream)).toEqual([]);
  });

  it("judge a document without a catalogue by the package's", async () => {
    expect(await lint(broken(withTeapotConflict))).toEqual([
      expected("Error code `teapot` used by the 409 response of POST /enrollments is not in the catalogue.", [
        ...["paths", "/enrollments", "post", "responses", "409", "content", "application/json", "schema"],
        ...["properties", "error", "properties", "code"],
      ]),
    ]);
  });
});
