// The typed call style: the call types follow the document's
// `paths`, with the Idempotency-Key header optional. Checked by compiling
// call-types.check.ts with `tsc --strict`.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

describe("call types", () => {
  it("accept the document's calls and refuse wrong ones under tsc --strict", () => {
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    const file = fileURLToPath(new URL("./call-types.check.ts", import.meta.url));
    const flags = [
      "--noEmit",
      "--strict",
      "--target",
      "ES2022",
      "--module",
      "NodeNext",
      "--moduleResolution",
      "NodeNext",
      "--lib",
      "ES2022,DOM,DOM.Iterable",
      "--types",
      "node",
      "--skipLibCheck",
    ];
    const result = spawnSync(process.execPath, [tsc, ...flags, file], { encoding: "utf8" });
    expect(result.stdout + result.stderr).toBe("");
    expect(result.status).toBe(0);
  });
});
