// The package as users get it: dist/ is what the source builds to, stock Spectral loads it by
// file (`spectral lint --ruleset`), and a downstream .spectral.yaml loads it by package name
// from a packed tarball, catalogue included. Real Spectral CLI processes throughout.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { broken } from "./support/lint.js";

const rulesDir = fileURLToPath(new URL("../", import.meta.url));
const repo = join(rulesDir, "..");
const spectralCli = join(repo, "node_modules", "@stoplight", "spectral-cli", "dist", "index.js");
let work: string;

function spectral(args: string[], cwd: string) {
  const run = spawnSync(process.execPath, [spectralCli, "lint", "--format", "json", "--quiet", ...args], { cwd, encoding: "utf8" });
  const results = JSON.parse(run.stdout || "[]") as { code: string; message: string }[];
  return { status: run.status, results: results.map(({ code, message }) => ({ code, message })), stderr: run.stderr };
}

/** The clean fixture with an `Idempotency-Key` that admits hyphens: one finding, known in advance. */
const uuidKeyDocument = broken((document) => (document.components.parameters.IdempotencyKey.schema.pattern = "^[A-Za-z0-9-]{16,128}$"));
const uuidKeyFinding = {
  code: "signing-platform-idempotency-key",
  message: "Idempotency-Key of POST /enrollments must have the pattern ^[A-Za-z0-9]{16,128}$ (alphanumeric, 16 to 128 characters).",
};

beforeAll(() => {
  if (!existsSync(join(rulesDir, "dist", "ruleset.js"))) throw new Error("rules/dist is missing: run `npm run build` first.");
  work = mkdtempSync(join(tmpdir(), "signing-platform-rules-"));
  writeFileSync(join(work, "openapi.yaml"), YAML.stringify(uuidKeyDocument));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("@signing-platform/rules as shipped", () => {
  it("has a dist/ whose JavaScript is exactly what the source builds to", () => {
    const fresh = join(work, "fresh-dist");
    const build = spawnSync(process.execPath, [join(rulesDir, "build.mjs"), "--outdir", fresh, "--skip-types"], { encoding: "utf8" });
    expect(build.status, build.stderr).toBe(0);
    const files = (dir: string): string[] =>
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && !/\.d\.c?ts$/.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name).slice(dir.length))
        .sort();
    expect(files(join(rulesDir, "dist"))).toEqual(files(fresh));
    for (const file of files(fresh))
      expect(readFileSync(join(rulesDir, "dist", file), "utf8"), file).toBe(readFileSync(join(fresh, file), "utf8"));
  });

  it("loads in stock Spectral with --ruleset", () => {
    const run = spectral(["--ruleset", join(rulesDir, "dist", "ruleset.js"), "openapi.yaml"], work);
    expect(run.results).toEqual([uuidKeyFinding]);
    expect(run.status).toBe(1);
  });

  it("loads from a packed tarball by package name, with the catalogue it was built with", () => {
    const pack = spawnSync("npm", ["pack", rulesDir, "--ignore-scripts", "--json", "--pack-destination", work], {
      cwd: work,
      encoding: "utf8",
    });
    expect(pack.status, pack.stderr).toBe(0);
    const [{ filename, files }] = JSON.parse(pack.stdout);
    expect(files.map((file: { path: string }) => file.path)).toEqual(
      expect.arrayContaining(["dist/ruleset.js", "dist/ruleset.cjs", "README.md"]),
    );
    expect(files.some((file: { path: string }) => file.path.startsWith("src/") || file.path.startsWith("test/"))).toBe(false);

    const installed = join(work, "downstream", "node_modules", "@signing-platform", "rules");
    mkdirSync(installed, { recursive: true });
    spawnSync("tar", ["-xzf", join(work, filename), "-C", installed, "--strip-components=1"]);
    // The package's own dependencies, as npm would install them beside it.
    symlinkSync(join(repo, "node_modules", "@stoplight"), join(work, "downstream", "node_modules", "@stoplight"));
    writeFileSync(join(work, "downstream", ".spectral.yaml"), 'extends: ["@signing-platform/rules"]\n');

    const run = spectral(["--ruleset", ".spectral.yaml", join(work, "openapi.yaml")], join(work, "downstream"));
    expect(run.results).toEqual([uuidKeyFinding]);
    expect(run.status).toBe(1);
  });
});
