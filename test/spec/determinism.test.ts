// The build is deterministic (two rebuilds give the same bytes) and generated/ is fresh
// (the committed files are what the spec builds to). CI also runs `npm run check:generated`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM build scripts without type declarations
import { generate } from "../../scripts/build/generate.mjs";
// @ts-expect-error: plain ESM build scripts without type declarations
import { compareGenerated } from "../../scripts/check-generated.mjs";
import { generatedDir } from "../support/generated.js";

const scratch: string[] = [];
function freshDir() {
  const dir = mkdtempSync(join(tmpdir(), "determinism-"));
  scratch.push(dir);
  return dir;
}
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("build output", () => {
  it("is byte-identical across two rebuilds, and equal to the committed generated/", async () => {
    const first = freshDir();
    const second = freshDir();
    await generate(first);
    await generate(second);
    expect(compareGenerated(first, second)).toEqual([]);
    expect(compareGenerated(generatedDir, first)).toEqual([]);
  });
});
