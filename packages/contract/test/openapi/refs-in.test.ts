import { describe, expect, it } from "vitest";
import { refsIn } from "../../src/openapi/refs-in.js";

describe("refsIn", () => {
  it.each<[string, { given: unknown; want: { ref: string; at: string }[] }]>([
    [
      "every $ref, with the pointer of its field",
      {
        given: {
          paths: { "/a": { get: { parameters: [{ $ref: "#/components/parameters/Limit" }] } } },
          components: { schemas: { B: { $ref: "b.yaml" } } },
        },
        want: [
          { ref: "#/components/parameters/Limit", at: "#/paths/~1a/get/parameters/0/$ref" },
          { ref: "b.yaml", at: "#/components/schemas/B/$ref" },
        ],
      },
    ],
    ["not one inside an example", { given: { schema: { example: { $ref: "#/x" } } }, want: [] }],
    [
      "not one inside a default, const or enum",
      { given: { default: { $ref: "#/x" }, const: { $ref: "#/x" }, enum: [{ $ref: "#/x" }] }, want: [] },
    ],
    ["not one inside a schema's examples list", { given: { schema: { examples: [{ $ref: "#/x" }] } }, want: [] }],
    ["not one inside an Example Object's value", { given: { examples: { One: { value: { $ref: "#/x" } } } }, want: [] }],
    [
      "one of an Example Object written as a $ref",
      {
        given: { examples: { One: { $ref: "#/components/examples/One" } } },
        want: [{ ref: "#/components/examples/One", at: "#/examples/One/$ref" }],
      },
    ],
    [
      "one under a property named `example`, which is a name, not data",
      {
        given: { properties: { example: { $ref: "#/components/schemas/E" } } },
        want: [{ ref: "#/components/schemas/E", at: "#/properties/example/$ref" }],
      },
    ],
    ["none in a $ref that is not a string", { given: { $ref: 1 }, want: [] }],
  ])("lists %s", (_name, { given, want }) => {
    expect([...refsIn(given)]).toEqual(want);
  });

  it("writes its pointers in the form of the one it starts from", () => {
    expect([...refsIn({ a: { $ref: "#/x" } }, "")]).toEqual([{ ref: "#/x", at: "/a/$ref" }]);
  });
});
