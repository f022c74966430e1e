// @ts-check
// `npm run check:breaking [-- --base REF]`: the breaking-change gate of this repository, as CI
// runs it. Compares generated/openapi.yaml as committed at HEAD with an earlier version:
// REF's when given (a pull request's base branch, e.g. origin/main), else the version before
// the latest commit that changed it. Runs `signing-platform diff` and exits with its status:
// 0 nothing breaking, 1 breaking changes, 2 unusable input. With no earlier version (the file
// is new) there is nothing to compare, and it says so. Breaking changes made on purpose are
// acknowledged, with their reasons, in spec/accepted-breaking-changes.txt (--err-ignore).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const DOCUMENT = "generated/openapi.yaml";
const ACCEPTED = fileURLToPath(new URL("../spec/accepted-breaking-changes.txt", import.meta.url));
const bin = fileURLToPath(new URL("../packages/cli/bin/signing-platform.js", import.meta.url));

/** @param {string[]} args */
function git(args) {
  const run = spawnSync("git", args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (run.error) throw run.error;
  return run;
}

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`check:breaking: ${message}`);
  process.exit(2);
}

/** @type {{ base?: string, format?: string }} */
let values = {};
try {
  ({ values } = parseArgs({ options: { base: { type: "string" }, format: { type: "string" } } }));
} catch (error) {
  fail(/** @type {Error} */ (error).message);
}
if (git(["rev-parse", "--is-inside-work-tree"]).status !== 0) fail("not inside a git repository.");

let base = values.base;
if (base === undefined) {
  const log = git(["rev-list", "-n", "2", "HEAD", "--", DOCUMENT]);
  if (log.status !== 0) fail(`git rev-list failed: ${log.stderr.trim().split("\n")[0]}`);
  base = log.stdout.split("\n")[1];
  if (!base) {
    console.log(`No earlier version of ${DOCUMENT}: nothing to compare.`);
    process.exit(0);
  }
}

const [before, after] = [git(["show", `${base}:${DOCUMENT}`]), git(["show", `HEAD:${DOCUMENT}`])];
if (before.status !== 0) fail(`${DOCUMENT} at ${base}: ${before.stderr.trim().split("\n")[0]}`);
if (after.status !== 0) fail(`${DOCUMENT} at HEAD: ${after.stderr.trim().split("\n")[0]}`);

const scratch = mkdtempSync(join(tmpdir(), "signing-platform-gate-"));
try {
  const [baseFile, headFile] = [
    join(scratch, `openapi@${base.slice(0, 12).replace(/[^\w.-]/g, "_")}.yaml`),
    join(scratch, "openapi@HEAD.yaml"),
  ];
  writeFileSync(baseFile, before.stdout);
  writeFileSync(headFile, after.stdout);
  const format = values.format ?? (process.env.GITHUB_ACTIONS === "true" ? "github-actions" : "text");
  const run = spawnSync(process.execPath, [bin, "diff", baseFile, headFile, "--format", format, "--err-ignore", ACCEPTED], {
    stdio: "inherit",
  });
  process.exitCode = run.status ?? 2;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
