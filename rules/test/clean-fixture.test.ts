// The clean fixture follows every convention: zero results, so that every failing case in the
// rule tests is caused by the one thing it breaks.
import { describe, expect, it } from "vitest";
import { cleanDocument, lint } from "./support/lint.js";

describe("the clean fixture", () => {
  it("produces zero results", async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });
});
