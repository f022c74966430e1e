#!/usr/bin/env node
// @ts-check
// Reads oasdiff's catalogue of checks (the rules of checker/rules.go of a commit of its
// repository) and writes it as data: ids.json, every check id with its level and its English
// description, with the tag and commit it was read from, and LICENSE, oasdiff's (the
// descriptions are its text). oasdiff-catalogue.test.ts holds the engine's CHECKS and
// declined.json to it.
//
//   node packages/diff/test/oasdiff-catalogue/extract.mjs <oasdiff git dir> [<tag or commit>]
//
// The git dir is a clone of oasdiff (`.git`, or a bare one): nothing is checked out, files are
// read with `git show`. Without a tag, the newest release tag (vX.Y.Z, no pre-release) is used.
//
// A rule is a `newBackwardCompatibilityRule(<IdConstant>, <LEVEL>, …)` call; the constant's
// string is found among the Go constants of checker/, and the description is the
// `<id>-description` message of checker/localizations_src/en/messages.yaml, as oasdiff's own
// `oasdiff checks` prints it. Each id is listed once, sorted.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";
import { oasdiffRelease } from "../../../../scripts/oasdiff-release.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPOSITORY = "oasdiff/oasdiff";
/** @type {Record<string, string>} */
const LEVELS = { ERR: "error", WARN: "warning", INFO: "info" };

const [gitDir, wantedRef] = process.argv.slice(2);
if (!gitDir) {
  console.error("usage: node extract.mjs <oasdiff git dir> [<tag or commit>]");
  process.exit(2);
}

const { git, ref, commit, show } = oasdiffRelease(gitDir, wantedRef);

/** Go source without its line comments, so a commented-out rule or constant is not read. */
const code = (/** @type {string} */ path) => show(path).replace(/^\s*\/\/.*$/gm, "");

// The string constants of the package: `Name = "value"` in a const block or `const Name = "value"`.
const goFiles = git(["ls-tree", "--name-only", commit, "checker/"])
  .split("\n")
  .filter((path) => path.endsWith(".go") && !path.endsWith("_test.go"));
const constants = new Map();
for (const path of goFiles) {
  for (const [, name, value] of code(path).matchAll(/^\s*(?:const\s+)?([A-Z]\w*)\s*=\s*"([^"]*)"/gm)) constants.set(name, value);
}

const messages = YAML.parse(show("checker/localizations_src/en/messages.yaml"));

/**
 * The `<id>-description` message; a few rules have none (oasdiff then prints the key), so their
 * finding's message stands in, its placeholders (`%s`, `%v`) shown as "…".
 */
/** @param {string} id */
function describe(id) {
  const description = messages[`${id}-description`] ?? messages[id]?.replace(/%[a-z]/g, "…");
  if (typeof description !== "string") throw new Error(`messages.yaml: no ${id}-description and no ${id} message`);
  return description;
}
const rules = code("checker/rules.go");
const body = rules.slice(rules.indexOf("func GetAllRules()"));
const checks = [];
const seen = new Set();
// Both groups always take part in a match: the defaults are never used.
for (const [, constant = "", level = ""] of body.matchAll(/newBackwardCompatibilityRule\(\s*(\w+)\s*,\s*(\w+)\s*,/g)) {
  const id = constants.get(constant);
  if (id === undefined) throw new Error(`checker/rules.go: no string constant ${constant}`);
  if (!(level in LEVELS)) throw new Error(`checker/rules.go: rule ${id} has level ${level}`);
  if (seen.has(id)) continue;
  seen.add(id);
  const description = describe(id);
  checks.push({ id, level: LEVELS[level], description });
}
if (checks.length === 0) throw new Error("checker/rules.go: no rule read");
checks.sort((a, b) => a.id.localeCompare(b.id));

const catalogue = { repository: REPOSITORY, tag: ref, commit, count: checks.length, checks };
writeFileSync(join(HERE, "ids.json"), `${JSON.stringify(catalogue, null, 2)}\n`);
writeFileSync(join(HERE, "LICENSE"), show("LICENSE"));
console.log(`${checks.length} check ids of ${REPOSITORY} ${ref} (${commit}) written to ids.json`);
