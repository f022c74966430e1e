// @ts-check
// `npm run docs:checks`: writes the table of diff checks (`signing-platform diff --list-checks`)
// into docs/lint-and-diff.md between its diff-checks markers, then the tables of oasdiff's checks
// the engine does not implement (./oasdiff-declined.mjs). Tests fail when either table and its
// source differ. Needs `npm run build` first (it runs the built command).
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { writeDeclinedSection } from "./oasdiff-declined.mjs";

const readme = fileURLToPath(new URL("../docs/lint-and-diff.md", import.meta.url));
const bin = fileURLToPath(new URL("../packages/cli/bin/signing-platform.js", import.meta.url));
const START = "<!-- diff-checks:start -->";
const END = "<!-- diff-checks:end -->";

const run = spawnSync(process.execPath, [bin, "diff", "--list-checks"], { encoding: "utf8" });
if (run.status !== 0) throw new Error(`signing-platform diff --list-checks failed: ${run.stderr}`);
const text = readFileSync(readme, "utf8");
const [before, rest] = text.split(START);
const after = rest?.split(END)[1];
if (after === undefined) throw new Error(`docs/lint-and-diff.md has no ${START} … ${END} section.`);
writeFileSync(readme, `${before}${START}\n${run.stdout}${END}${after}`);
writeDeclinedSection();
