// A consumer project (test/fixtures/consumer/) that installs both packages (and the contract
// the types stand on) from their `npm pack` tarballs, compiles with `tsc --strict` against the
// published declarations, and validates at run time, in Node and bundled by esbuild for a browser.
import { cpSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packWorkspace, run, temporaryDirectory } from "../../types/test/support/pack.js";

const fixture = fileURLToPath(new URL("fixtures/consumer/", import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

describe("a consumer project", () => {
  let directory: string;
  let project: string;
  beforeAll(() => {
    directory = temporaryDirectory("validators-consumer");
    const tarballs = ["contract", "types", "validators"].map((name) => packWorkspace(name, directory));
    project = join(directory, "project");
    cpSync(fixture, project, { recursive: true });
    // Offline is enough: the packages (types stands on the contract) have no dependencies beyond each other.
    run("npm", ["install", ...tarballs, "--prefer-offline", "--no-audit", "--no-fund"], project);
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  const expectedOutput = {
    documentUrl: "https://files.example.test/doc_1.pdf",
    guardedId: "sr_9f8e7d",
    issues: [{ field: "$.data.object.client_secret", code: "forbidden_property", message: "must not be present" }],
    errorBodyValid: true,
    unknownType: true,
    unknownCodeKnown: false,
    notFoundStatus: 404,
    secret: "secret",
  };

  it("compiles with tsc --strict against the installed packages", () => {
    const result = run(process.execPath, [tsc, "-p", join(project, "tsconfig.json")], project);
    expect(result.stdout + result.stderr).toBe("");
  });

  it("validates at run time in Node", () => {
    const result = run(process.execPath, [join(project, "dist", "main.js")], project);
    expect(JSON.parse(result.stdout)).toEqual(expectedOutput);
  });

  it("bundles for a browser with esbuild, no Node built-in needed, and validates the same", async () => {
    const outfile = join(project, "bundle.mjs");
    await build({
      entryPoints: [join(project, "dist", "main.js")],
      outfile,
      bundle: true,
      platform: "browser",
      format: "esm",
      logLevel: "error",
    });
    const result = run(process.execPath, [outfile], project);
    expect(JSON.parse(result.stdout)).toEqual(expectedOutput);
  });
});
