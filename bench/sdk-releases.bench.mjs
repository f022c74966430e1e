// @ts-check
// `npm run bench -- sdk-releases`: SDK releases from the API diff on three real API histories
// (packages/generator/test/corpus/histories: 13 successive versions of OpenAI's document, 2 of
// GitHub's, 1 of Stripe's). For each pair of neighbours, `signing-platform diff --format json`
// gives the diff engine's verdict and `signing-platform generate --previous` the release; the
// table shows both, and whether they agree: a major release exactly when the diff finds a
// breaking change, with as many breaking entries as findings. Also the cost of a release: its
// time over `diff` and `generate` run apart (the reference, in the same run). One run per pair:
// the documents are large. Needs `npm run build`. No time is asserted.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HISTORY_NAMES, writeHistory } from "../packages/generator/test/corpus/histories/histories.mjs";
import { releaseOf } from "../packages/generator/test/release/release-line.mjs";
import { cliBin } from "./support/sandbox.mjs";
import { format, median } from "./support/statistics.mjs";

const scratch = mkdtempSync(join(tmpdir(), "sdk-releases-bench-"));

/** A CLI process in the scratch folder: its output and wall time. @param {string[]} args */
function cli(args) {
  const started = performance.now();
  const run = spawnSync(process.execPath, [cliBin, ...args], { cwd: scratch, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - started;
  if (run.status !== 0 && run.status !== 1) throw new Error(`signing-platform ${args.join(" ")} exited ${run.status}: ${run.stderr}`);
  return { stdout: run.stdout, ms };
}

const rows = [
  [
    "history",
    "from → to",
    "diff: breaking/warning/info",
    "release",
    "agree",
    "diff ms",
    "generate ms",
    "release ms",
    "release / (diff + generate)",
  ],
];
/** @type {number[]} */
const costs = [];
let agreed = 0;
let pairs = 0;
try {
  for (const name of HISTORY_NAMES) {
    const { files } = writeHistory(name, scratch);
    for (let index = 1; index < files.length; index++) {
      const [base, head] = [files[index - 1], files[index]];
      if (!base || !head) continue;
      const diff = cli(["diff", base.file, head.file, "--format", "json"]);
      const { counts } = /** @type {{ counts: { breaking: number, warning: number, info: number } }} */ (JSON.parse(diff.stdout));
      const generate = cli(["generate", head.file, "--out", join(scratch, `${name}-sdk-plain`)]);
      const released = cli(["generate", head.file, "--out", join(scratch, `${name}-sdk`), "--previous", base.file]);
      const release = releaseOf(released.stdout);
      if (!release) throw new Error(`no release line from generate --previous ${base.file}:\n${released.stdout}`);
      const agrees = (release.bump === "major") === counts.breaking > 0 && release.breaking === counts.breaking;
      pairs++;
      if (agrees) agreed++;
      const cost = released.ms / (diff.ms + generate.ms);
      costs.push(cost);
      rows.push([
        name,
        `${base.label} → ${head.label}`,
        `${counts.breaking}/${counts.warning}/${counts.info}`,
        `${release.bump} ${release.version} (${release.breaking} breaking, ${release.added} added, ${release.changed} changed)`,
        agrees ? "yes" : "NO",
        format(diff.ms),
        format(generate.ms),
        format(released.ms),
        format(cost, 2),
      ]);
      rmSync(join(scratch, `${name}-sdk-plain`), { recursive: true, force: true });
    }
    // The next history's SDK starts from its own document's version.
    rmSync(join(scratch, `${name}-sdk`), { recursive: true, force: true });
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  "));
console.log(`\nreleases that agree with the diff engine's verdict: ${agreed} of ${pairs}`);
console.log(`median release time over diff + generate apart: ${format(median(costs), 2)}`);
