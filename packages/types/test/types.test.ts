// The declarations as a user compiles them: test/fixtures/type-assertions.ts under
// `tsc --strict` against dist/ (the build's output, reached through the workspace link).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const project = fileURLToPath(new URL("fixtures/tsconfig.json", import.meta.url));

describe("declarations", () => {
  it("compile the type assertions under --strict, each expected error an error", () => {
    const result = spawnSync(process.execPath, [tsc, "-p", project], { encoding: "utf8" });
    expect(result.stdout + result.stderr).toBe("");
    expect(result.status).toBe(0);
  });
});
