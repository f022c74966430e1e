// The published package: what `npm pack` puts in the tarball is one ES module with no imports
// at all, ajv's runtime and the formats bundled in, which compiles no schema at import
// (publint and @arethetypeswrong/core check it with every package: test/registry/published-packages.test.ts).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { describePackedPackage } from "../../types/test/support/pack.js";

describePackedPackage("validators", (files) => {
  it("has one JavaScript file, the bundle", () => {
    expect(files().filter((file) => file.endsWith(".js"))).toEqual(["package/dist/index.js"]);
  });
});

describe("dist/index.js", () => {
  const file = fileURLToPath(new URL("../dist/index.js", import.meta.url));

  it("imports and requires nothing", async () => {
    const { metafile } = await build({
      entryPoints: [file],
      bundle: true,
      write: false,
      metafile: true,
      platform: "neutral",
      logLevel: "error",
    });
    expect(Object.values(metafile.inputs).map((input) => input.imports)).toEqual([[]]);
  });

  it("compiles no code at run time (ajv compiles with new Function)", () => {
    const code = readFileSync(file, "utf8");
    expect(/\bnew Function\b|\bFunction\(|\beval\(/.test(code)).toBe(false);
  });
});
