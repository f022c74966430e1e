import { describe, expect, it } from "vitest";
import { UnusableInputError } from "../../src/input/unusable-input.js";
import { BrokenRefError, type BrokenRefReason } from "../../src/openapi/broken-ref-error.js";

describe("BrokenRefError", () => {
  it.each<[BrokenRefReason, { at: string | undefined; want: string }]>([
    ["missing", { at: "#/paths/~1a/get/parameters/0", want: "#/paths/~1a/get/parameters/0: $ref #/x points to nothing." }],
    ["cycle", { at: "GET /a › requestBody", want: "GET /a › requestBody: $ref #/x is part of a cycle of references." }],
    [
      "outside",
      {
        at: undefined,
        want: "$ref #/x points outside the document: only references inside it (#/…) are followed, so bundle a split document first.",
      },
    ],
  ])("words a $ref that is %s in one line", (reason, { at, want }) => {
    const error = new BrokenRefError("#/x", reason, at);
    expect(error.message).toBe(want);
    expect(error).toMatchObject({ name: "BrokenRefError", ref: "#/x", reason, at });
    expect(error.message).toBe(`${at ? `${at}: ` : ""}${error.problem}.`);
  });

  it("is unusable input, which the commands answer with exit 2", () => {
    expect(new BrokenRefError("#/x", "missing")).toBeInstanceOf(UnusableInputError);
  });
});
