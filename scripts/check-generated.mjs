// @ts-check
// `npm run check:generated`: rebuilds generated/ into a scratch folder and fails when any
// file differs from the committed one, or is missing or extra. CI runs it.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { generate } from "./build/generate.mjs";
import { generated } from "./build/paths.mjs";

/** @param {string} dir */
function listFiles(dir) {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => relative(dir, path))
    .sort();
}

/** The relative paths that differ between two generated folders. @param {string} expectedDir @param {string} actualDir */
export function compareGenerated(expectedDir, actualDir) {
  const expected = listFiles(expectedDir);
  const actual = listFiles(actualDir);
  const all = [...new Set([...expected, ...actual])].sort();
  return all.filter((name) => {
    if (!expected.includes(name) || !actual.includes(name)) return true;
    return !readFileSync(join(expectedDir, name)).equals(readFileSync(join(actualDir, name)));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fresh = mkdtempSync(join(tmpdir(), "signing-platform-generated-"));
  try {
    await generate(fresh);
    const stale = compareGenerated(generated, fresh);
    if (stale.length > 0) {
      console.error(`generated/ is stale; run \`npm run build\` and commit. Differing files:\n  ${stale.join("\n  ")}`);
      process.exit(1);
    }
    console.log("generated/ is fresh.");
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}
