// docs/interface.md is a copy of the contract so that a clone of this repository can cite
// it. When the steering repository's original sits beside the clone (as in CI), the copy
// must not have drifted from it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../support/generated.js";

const original = join(root, "..", "shared", "source", "interface.md");

describe("docs/interface.md", () => {
  it.runIf(existsSync(original))("is the interface document, word for word, below its provenance note", () => {
    const copy = readFileSync(join(root, "docs", "interface.md"), "utf8");
    const body = copy.slice(copy.indexOf("\n\n") + 2);
    expect(body).toBe(readFileSync(original, "utf8"));
  });
});
