// `signing-platform generate --previous` on three real API histories (the generator's
// test/corpus/histories: successive published versions of OpenAI's, GitHub's and Stripe's
// documents), each release checked against `signing-platform diff` on the same pair: a major
// release exactly when the diff engine finds a breaking change, as many breaking entries as it
// has findings, each kind of breaking change marked so in the changelog's entry; without one, a minor
// release exactly when the SDK gains something. The pairs here are one of each verdict the
// histories hold; `npm run bench -- sdk-releases` releases every pair of them. Both commands run
// in the test's process (runInProcess): the bin's own `generate --previous` is
// generate-previous.test.ts's.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type HistoryName, writeHistory } from "../../generator/test/corpus/histories/histories.mjs";
import { type Release, releaseOf } from "../../generator/test/release/release-line.mjs";
import { runInProcess, workspace } from "./support/cli.js";

const space = workspace();
afterAll(space.cleanup);

interface Finding {
  id: string;
  level: string;
}

/** The pairs released here, by the label of the newer version, each with the bump its diff gives. */
const PAIRS: { history: HistoryName; to: string; bump: Release["bump"] }[] = [
  // A deprecated variant of a request property's anyOf removed: breaking.
  { history: "openai", to: "c094647", bump: "major" },
  // New model names a request may send, values of an open enum: an addition.
  { history: "openai", to: "b8d775d", bump: "minor" },
  // A description reworded: nothing an SDK user can notice.
  { history: "openai", to: "b0da4ea", bump: "patch" },
  // An optional request body taken off a GET: breaking.
  { history: "github", to: "23.0.1", bump: "major" },
  // Two days of Stripe's API.
  { history: "stripe", to: "aa2a66d", bump: "major" },
];

const written = new Map<HistoryName, { label: string; file: string }[]>();
function versions(history: HistoryName) {
  if (!written.has(history)) written.set(history, writeHistory(history, space.dir).files);
  return written.get(history)!;
}

describe("SDK releases on real API histories agree with the diff engine", () => {
  it.each(PAIRS)("$history, the release of $to: $bump", { timeout: 600_000 }, async ({ history, to, bump }) => {
    const all = versions(history);
    const index = all.findIndex(({ label }) => label === to);
    const [base, head] = [all[index - 1]!, all[index]!];
    const diff = await runInProcess(["diff", base.file, head.file, "--format", "json"], space.dir);
    const report = JSON.parse(diff.stdout) as { counts: { breaking: number }; findings: Finding[] };
    const sdk = `${history}-${to}-sdk`;
    const run = await runInProcess(["generate", head.file, "--out", sdk, "--previous", base.file], space.dir);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const release = releaseOf(run.stdout);
    expect(release, run.stdout).toBeDefined();
    expect(release!.bump).toBe(bump);
    expect(release!.bump === "major").toBe(report.counts.breaking > 0);
    expect(release!.breaking).toBe(report.counts.breaking);
    if (release!.bump !== "major") expect(release!.bump === "minor").toBe(release!.added > 0);
    const changelog = readFileSync(join(space.dir, sdk, "CHANGELOG.md"), "utf8");
    expect(changelog).toContain(`## ${release!.version} (`);
    // Each kind of breaking change the diff found is in the entry as breaking, in SDK terms (a method or a type).
    const breakingLines = changelog.split("\n").filter((line) => line.includes("**Breaking:**"));
    for (const id of new Set(report.findings.filter(({ level }) => level === "breaking").map((finding) => finding.id)))
      expect(
        breakingLines.some((line) => line.endsWith(`(\`${id}\`)`) || line.includes(`(\`${id}\`) (through`)),
        id,
      ).toBe(true);
  });
});
