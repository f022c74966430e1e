// The check classes of the engine (packages/diff/test/check-classes.ts, which the engine's own
// tests compare in memory) through `signing-platform diff`, from files: each pair gives its
// check id with its verdict, placed where the pair says in the file it was given (line and
// file), and a change no client can notice gives nothing. Every class goes through the CLI's
// `run` in this process; the real bin, from the repository root (which holds the project's own
// redocly.yaml and .spectral.yaml) and from a folder whose config files turn every rule off,
// must then answer a sample of them byte for byte as `run` did. A bin process each for every
// class cost 90 s of CPU, a Node start and the CLI's load 180 times, for what the sample shows.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CHECKS } from "@signing-platform/diff";
import { CHECK_CLASSES, type CheckClass, documentsOf } from "../../../diff/test/check-classes.js";
import { type CliRun, repo, runCli, runInProcess, workspace, type Json } from "../support/cli.js";

const work = workspace();
afterAll(work.cleanup);

/** A folder of a user's own tool configuration, every rule off: nothing in it may change the verdict. */
const configured = join(work.dir, "configured");
mkdirSync(configured);
writeFileSync(join(configured, "redocly.yaml"), "rules: {}\nextends: []\n");
writeFileSync(join(configured, ".spectral.yaml"), "extends: []\nrules: {}\n");
writeFileSync(join(configured, "oasdiff.yaml"), "err-ignore: everything.txt\nexclude-elements: [endpoints, request, response]\n");

function writePair(index: number, item: CheckClass): { base: string; head: string } {
  const { base, head } = documentsOf(item);
  return { base: join(work.dir, work.write(`${index}-base.yaml`, base)), head: join(work.dir, work.write(`${index}-head.yaml`, head)) };
}

const pairs = CHECK_CLASSES.map((item, index) => ({ item, ...writePair(index, item) }));
const LEVEL = new Map(CHECKS.map((check) => [check.id, check.level]));

/** The checks a class's pair must give, as `signing-platform diff --format json` reported them. */
function expectVerdict(item: CheckClass, base: string, head: string, run: CliRun) {
  expect(run.stderr).toBe("");
  const report = JSON.parse(run.stdout) as { findings: Json[] };
  const reported = report.findings.map((finding) => `${finding.id} (${finding.level})`).join(", ");
  if (item.id === "") {
    expect(report.findings, reported).toEqual([]);
    expect(run.status).toBe(0);
    return;
  }
  const found = report.findings.filter((finding) => finding.id === item.id);
  expect(found.length, `ids reported: ${reported}`).toBeGreaterThan(0);
  const placed = found.map((finding) => finding[item.at.side]).find((place) => place?.pointer === item.at.pointer);
  expect(
    placed,
    `${item.at.side} places of ${item.id}: ${found.map((finding) => finding[item.at.side]?.pointer).join(", ")}`,
  ).toBeDefined();
  expect(placed.file).toBe(item.at.side === "base" ? base : head);
  expect(placed.line).toBeGreaterThan(0);
  expect(LEVEL.get(item.id) === "breaking").toBe(item.breaking);
  expect(run.status, `findings: ${reported}`).toBe(item.breaking ? 1 : 0);
}

const answers = new Map<string, CliRun>();

describe("every check class, through the CLI's run", () => {
  it.each(pairs.map((pair) => [pair.item.name, pair] as const))("%s", async (_name, { item, base, head }) => {
    const run = await runInProcess(["diff", base, head, "--format", "json"], repo);
    answers.set(item.name, run);
    expectVerdict(item, base, head, run);
  });
});

// The sample the bin runs: a breaking change, a change reported as less, and one no client notices.
const sample = [
  pairs.find(({ item }) => item.breaking),
  pairs.find(({ item }) => item.id !== "" && !item.breaking),
  pairs.find(({ item }) => item.id === ""),
].filter((pair) => pair !== undefined);

describe.each([
  ["the repository root", repo],
  ["a folder whose config files turn every rule off", configured],
])("the bin, from %s", (_where, cwd) => {
  it.concurrent.each(sample.map((pair) => [pair.item.name, pair] as const))(
    "answers %s as run does",
    async (_name, { item, base, head }) => {
      const run = await runCli(["diff", base, head, "--format", "json"], cwd);
      expectVerdict(item, base, head, run);
      const inProcess = answers.get(item.name) ?? (await runInProcess(["diff", base, head, "--format", "json"], repo));
      expect(run).toEqual(inProcess);
    },
  );
});
