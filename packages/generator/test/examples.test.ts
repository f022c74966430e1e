// The README's example values, as real documents write their examples: a documented example
// is held to its schema (the alternative it means, the required keys it forgot), and a made
// one gives a discriminated alternative the value it names for itself.
import { describe, expect, it } from "vitest";
import { conformTo, exampleOf } from "../src/examples.js";

const rule = (kind: string, parameters: object) => ({
  type: "object",
  required: ["type"],
  properties: { type: { type: "string", enum: [kind] }, parameters: { type: "object", ...parameters } },
});
const document = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {},
  components: {
    schemas: {
      // GitHub's ruleset rules: every kind has `type` and `parameters`, told apart by `type`.
      Rule: { oneOf: [{ $ref: "#/components/schemas/UpdateRule" }, { $ref: "#/components/schemas/EmailRule" }] },
      UpdateRule: rule("update", { properties: { update_allows_fetch_and_merge: { type: "boolean" } } }),
      EmailRule: rule("commit_author_email_pattern", {
        required: ["operator", "pattern"],
        properties: { operator: { type: "string", enum: ["contains", "regex"] }, pattern: { type: "string" } },
      }),
      // GitHub's issue field option: its documented example leaves out the required priority.
      Option: {
        type: "object",
        required: ["name", "priority", "id"],
        properties: { name: { type: "string" }, priority: { type: "integer" }, id: { type: "integer", readOnly: true } },
      },
      // OpenAI's input items: a discriminator without a mapping, each member naming its own value.
      Item: { oneOf: [{ $ref: "#/components/schemas/Message" }], discriminator: { propertyName: "type" } },
      Message: {
        type: "object",
        required: ["role"],
        properties: { role: { type: "string", enum: ["user"] }, type: { type: "string", enum: ["message"] } },
      },
    },
  },
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe("conformTo", () => {
  it("reads a documented value as the alternative whose enums accept it", () => {
    const value = { type: "commit_author_email_pattern", parameters: { operator: "contains", pattern: "github" } };
    expect(conformTo(document, ref("Rule"), value, "rules")).toEqual(value);
  });

  it("gives a required property the example forgot a value of its schema, but never a read-only one", () => {
    expect(conformTo(document, ref("Option"), { name: "High" }, "options")).toEqual({ name: "High", priority: 1 });
  });
});

describe("exampleOf", () => {
  it("gives a discriminated alternative the value it names for itself where the document maps none", () => {
    expect(exampleOf(document, ref("Item"), "items")).toEqual({ role: "user", type: "message" });
  });
});
