// oasdiff's own checker tests (packages/diff/test/oasdiff-suite/, which the engine's own test
// runs in process) through the real bin: on every 10th case, `signing-platform diff` must say
// what the engine says in process, the same findings and the exit code they make, or exit 2
// where the engine refuses the pair.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import type { Finding } from "@signing-platform/diff";
import {
  outOfScope,
  reportedText,
  runEngine,
  SUITE,
  stabilityLevelOf,
  type SuiteCase,
  suite,
} from "../../../diff/test/oasdiff-suite/cases.js";
import { bin, repo } from "../support/cli.js";

const run = promisify(execFile);

/** Whether a source file of the command or the engine changed after the bin was built: it then runs older code. */
function distStale(): boolean {
  const built = statSync(join(repo, "packages", "cli", "dist", "bin.js")).mtimeMs;
  return ["cli", "diff"].some((name) => {
    const src = join(repo, "packages", name, "src");
    return readdirSync(src, { recursive: true, encoding: "utf8" }).some((file) => statSync(join(src, file)).mtimeMs > built);
  });
}

const scratch = mkdtempSync(join(tmpdir(), "signing-platform-oasdiff-suite-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every 10th case the engine's test runs. */
const sample = suite.cases.filter((entry) => !outOfScope(entry)).filter((_, index) => index % 10 === 0);

describe(`oasdiff's own checker tests (${suite.source.tag}), through signing-platform diff`, () => {
  it("the bin says what the engine says in process, on every 10th case", async () => {
    // An empty folder of its own: the bin must not depend on where it runs.
    const cwd = mkdtempSync(join(scratch, "cwd-"));
    const key = (findings: Finding[]) =>
      findings.map((finding) => `${finding.id} ${finding.level} ${finding.operation ?? ""} ${finding.message}`);
    const differing: string[] = [];
    const runOne = async (entry: SuiteCase) => {
      const outcome = runEngine(entry);
      const days = entry.options?.deprecationDays;
      const args = [bin, "diff", join(SUITE, entry.base), join(SUITE, entry.revision), "--format", "json"];
      if (days) args.push("--deprecation-days-beta", String(days.beta), "--deprecation-days-stable", String(days.stable));
      const stability = stabilityLevelOf(entry);
      if (stability) args.push("--stability-level", stability);
      let status = 0;
      let stdout = "";
      let stderr = "";
      try {
        ({ stdout, stderr } = await run(process.execPath, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }));
      } catch (error) {
        ({ code: status, stdout, stderr } = error as { code: number; stdout: string; stderr: string });
      }
      if (outcome.failure) {
        if (status !== 2 || outcome.failure.kind !== "refused")
          differing.push(`${entry.name}: in process ${outcome.failure.kind}, bin exit ${status}: ${stderr}`);
        return;
      }
      const findings = outcome.findings ?? [];
      const expectedStatus = findings.some((finding) => finding.level === "breaking") ? 1 : 0;
      const fromBin = status === 2 ? [] : (JSON.parse(stdout) as { findings: Finding[] }).findings;
      if (status !== expectedStatus || JSON.stringify(key(fromBin)) !== JSON.stringify(key(findings)))
        differing.push(`${entry.name}: bin exit ${status} ${reportedText(fromBin)}; in process ${reportedText(findings)} ${stderr}`);
    };
    // Two at a time: as many as the cores CI is given.
    for (let index = 0; index < sample.length; index += 2) await Promise.all(sample.slice(index, index + 2).map(runOne));
    expect(sample.length).toBeGreaterThan(0);
    expect(
      differing,
      `${distStale() ? "the bin is older than the sources of packages/cli or packages/diff (run `npm run build`); " : ""}the bin against the engine in process`,
    ).toEqual([]);
    // Some 45 runs of the bin, two at a time: 20 to 50 s alone, past a minute beside the rest of the suite.
  }, 240_000);
});
