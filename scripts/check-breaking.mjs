// @ts-check
// `npm run check:breaking [-- --base REF] [--format FORMAT] [--list-accepted]`: the
// breaking-change gate of this repository, as CI runs it. Compares generated/openapi.yaml as
// committed at HEAD with what users have (docs/lint-and-diff.md, "The gate's base"):
//   - on the main branch, the last release: the newest release tag reachable from HEAD
//     (@signing-platform/types@<version>, which publishing makes), or, in a clone without
//     tags, the commit that set packages/types/package.json to its current version (the
//     release commit of docs/releasing.md);
//   - on any other branch, or in a pull or merge request, the merge base with the main branch
//     (the request's target branch), so every commit of the branch counts;
//   - REF's commit when given.
// It says which base it took and why, in one line, then reports with the engine of
// `signing-platform diff`: 0 nothing breaking, 1 breaking changes, 2 unusable input. Findings
// name generated/openapi.yaml, never a temporary copy, and the .tsp source when the committed
// source map (generated/openapi.sourcemap.json) knows it: HEAD's for head places, the base's for
// base places. Breaking changes made on purpose are acknowledged in
// spec/accepted-breaking-changes.txt, each under the base it was accepted against:
// `[since <commit or tag>]`; a section whose base is older than the gate's no longer applies
// and is silently inert (`--list-accepted` lists every entry and whether it still applies).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { parseArgs } from "node:util";
import { sourceMapPathFor } from "@signing-platform/contract/source-map";
import {
  applyIgnoreFiles,
  compareDocuments,
  DIFF_FORMATS,
  fails,
  formatDiff,
  loadOpenApiDocument,
  placeInSources,
  readSourceMap,
  UnusableInputError,
} from "@signing-platform/diff";

/** The document the gate compares, and its source map, by their paths in the repository. */
const DOCUMENT = "generated/openapi.yaml";
const SOURCE_MAP = sourceMapPathFor(DOCUMENT);
const ACCEPTED = "spec/accepted-breaking-changes.txt";
/** The package that carries the spec: its version and its publishing tags mark a release (docs/releasing.md). */
const SPEC_PACKAGE = { name: "@signing-platform/types", manifest: "packages/types/package.json" };
const RELEASE_TAG_PREFIX = `${SPEC_PACKAGE.name}@`;
/** The branch releases are made from (.changeset/config.json, baseBranch). */
const MAIN_BRANCH = "main";

/** Input the gate cannot work with: one line, and exit 2. */
class Unusable extends Error {}

/** @param {string} message @returns {never} */
function fail(message) {
  throw new Unusable(message);
}

/**
 * @param {string[]} args
 * @returns {{ status: number | null, stdout: string, stderr: string }}
 */
function git(args) {
  const run = spawnSync("git", args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (run.error) fail(`git: ${run.error.message}`);
  return run;
}

/** @param {string[]} args @returns {string | undefined} the output's first line, when git succeeds */
const gitLine = (args) => {
  const run = git(args);
  return run.status === 0 ? run.stdout.split("\n")[0]?.trim() || undefined : undefined;
};

/** A file at a commit, as bytes; undefined when the commit has no such file. @param {string} commit @param {string} path */
function fileAt(commit, path) {
  const run = spawnSync("git", ["show", `${commit}:${path}`], { maxBuffer: 256 * 1024 * 1024 });
  if (run.error) fail(`git: ${run.error.message}`);
  return run.status === 0 ? run.stdout : undefined;
}

/** The commit a name resolves to (a commit id, a branch, a tag), or undefined. @param {string} ref */
const commitOf = (ref) => (ref.startsWith("-") ? undefined : gitLine(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]));
const short = (/** @type {string} */ commit) => gitLine(["rev-parse", "--short", commit]) ?? commit.slice(0, 7);

/** The spec package's version at a commit. @param {string} commit */
function specVersionAt(commit) {
  const manifest = fileAt(commit, SPEC_PACKAGE.manifest);
  if (manifest === undefined) return undefined;
  try {
    const version = JSON.parse(manifest.toString("utf8")).version;
    return typeof version === "string" ? version : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The commit that set the spec package to `version`, the release commit of docs/releasing.md
 * (`release:version`, then `git commit -am "release: <version>"`): of the commits that changed
 * its manifest, newest first, the oldest of the first run that has the version.
 * @param {string} version
 */
function commitThatSet(version) {
  const log = git(["log", "--format=%H", "HEAD", "--", SPEC_PACKAGE.manifest]);
  if (log.status !== 0) return undefined;
  /** @type {string | undefined} */
  let found;
  for (const commit of log.stdout.split("\n").filter(Boolean)) {
    if (specVersionAt(commit) === version) found = commit;
    else if (found) break;
  }
  return found;
}

/** A release by its tag, in a clone that has the tag or not. @param {string} tag */
function releaseCommit(tag) {
  return commitOf(tag) ?? (tag.startsWith(RELEASE_TAG_PREFIX) ? commitThatSet(tag.slice(RELEASE_TAG_PREFIX.length)) : undefined);
}

/** @typedef {{ commit: string, name: string, why: string }} Base */

/** The last release: its tag when this clone has one, else the commit that set the current version. @returns {Base} */
function lastRelease() {
  const tag = gitLine(["describe", "--tags", "--abbrev=0", "--match", `${RELEASE_TAG_PREFIX}*`, "HEAD"]);
  const tagged = tag && commitOf(tag);
  if (tag && tagged) return { commit: tagged, name: tag, why: "the last release" };
  const version = specVersionAt("HEAD");
  if (version === undefined) fail(`no release tag ${RELEASE_TAG_PREFIX}* and no ${SPEC_PACKAGE.manifest} at HEAD: give --base.`);
  if (gitLine(["rev-parse", "--is-shallow-repository"]) === "true")
    fail(
      `no release tag ${RELEASE_TAG_PREFIX}* in this shallow clone, whose history may not reach the last release: fetch it (git fetch --unshallow), or give --base.`,
    );
  const commit = commitThatSet(version);
  if (commit === undefined) fail(`no commit sets ${SPEC_PACKAGE.manifest} to ${version}: give --base.`);
  return {
    commit,
    name: `the commit that set ${SPEC_PACKAGE.name} to ${version}`,
    why: "the last release point; this clone has no release tag",
  };
}

/** Where HEAD left `branch`, or undefined when the clone has neither origin/<branch> nor <branch>. @param {string} branch */
function mergeBaseWith(branch) {
  for (const candidate of [`origin/${branch}`, branch]) {
    if (!commitOf(candidate)) continue;
    const commit = gitLine(["merge-base", "HEAD", candidate]);
    if (!commit) fail(`HEAD and ${candidate} have no common commit in this clone (a shallow clone?): fetch their history, or give --base.`);
    return { commit, name: `the merge base with ${candidate}` };
  }
  return undefined;
}

/** The base the gate compares with, and why it is that one. @param {string | undefined} given @returns {Base} */
function chooseBase(given) {
  if (given !== undefined) {
    const commit = given.trim() === "" ? undefined : commitOf(given);
    if (!commit) fail(`--base ${given}: not a commit of this repository.`);
    return { commit, name: given, why: "given with --base" };
  }
  // A pull or merge request: its target branch.
  const requests = [
    [process.env.GITHUB_BASE_REF, "the target of this pull request"],
    [process.env.CI_MERGE_REQUEST_TARGET_BRANCH_NAME, "the target of this merge request"],
  ];
  for (const [target, why] of requests) {
    if (!target || !why) continue;
    const base = mergeBaseWith(target);
    if (!base) fail(`${why}, ${target}, is not in this clone (as origin/${target} or ${target}): fetch it, or give --base.`);
    return { ...base, why };
  }
  const branch = gitLine(["symbolic-ref", "--short", "--quiet", "HEAD"]) ?? process.env.CI_COMMIT_BRANCH;
  if (branch && branch !== MAIN_BRANCH) {
    const base = mergeBaseWith(MAIN_BRANCH);
    if (base) return { ...base, why: `${branch} is not the main branch` };
  }
  return lastRelease();
}

// The file of accepted breaking changes: sections headed `[since <commit or tag>]`, each line
// below a finding's operation and message as the text report prints them (a date or a reason may
// stand around them); `#` comments and blank lines anywhere.

/** @typedef {{ file: string, line: number, text: string, since: string, sinceLine: number, base: string }} AcceptedEntry */

/** @param {string} path @param {string} shown @returns {AcceptedEntry[]} */
function readAccepted(path, shown) {
  let text;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT") return [];
    fail(`${shown}: ${/** @type {Error} */ (error).message}`);
  }
  /** @type {AcceptedEntry[]} */
  const entries = [];
  /** @type {{ since: string, line: number, base: string } | undefined} */
  let section;
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    const at = `${shown}:${index + 1}`;
    if (line === "" || line.startsWith("#")) continue;
    if (line.startsWith("[")) {
      const since = /^\[since\s+(\S+?)\s*\]$/.exec(line)?.[1];
      if (!since)
        fail(`${at}: not a section line: write "[since <commit or tag>]", naming the base the changes below were accepted against.`);
      const base = releaseCommit(since);
      if (!base) fail(`${at}: [since ${since}]: not a commit or release tag of this repository.`);
      section = { since, line: index + 1, base };
      continue;
    }
    if (!section) fail(`${at}: an entry needs a "[since <commit or tag>]" line above it, naming the base it was accepted against.`);
    entries.push({ file: shown, line: index + 1, text: line, since: section.since, sinceLine: section.line, base: section.base });
  }
  return entries;
}

/** Whether an entry still applies: the gate's base is its base or older. @param {string} gateBase @param {string} entryBase */
function stillApplies(gateBase, entryBase) {
  const run = git(["merge-base", "--is-ancestor", gateBase, entryBase]);
  if (run.status !== 0 && run.status !== 1) fail(`git merge-base --is-ancestor: ${run.stderr.trim().split("\n")[0]}`);
  return run.status === 0;
}

/** The gate: returns its exit status. @returns {number} */
function gate() {
  /** @type {{ base?: string, format?: string, "list-accepted"?: boolean }} */
  let values = {};
  try {
    ({ values } = parseArgs({
      options: { base: { type: "string" }, format: { type: "string" }, "list-accepted": { type: "boolean" } },
    }));
  } catch (error) {
    fail(/** @type {Error} */ (error).message.split("\n")[0] ?? "");
  }
  const format = /** @type {import("@signing-platform/diff").DiffFormat} */ (
    values.format ?? (process.env.GITHUB_ACTIONS === "true" ? "github-actions" : "text")
  );
  if (!DIFF_FORMATS.includes(format)) fail(`--format ${format}: use one of ${DIFF_FORMATS.join(", ")}.`);
  // What the gate says of itself goes where it does not break a report a tool reads.
  const forPeople = format === "text" || format === "markdown" || format === "github-actions";
  const say = (/** @type {string} */ line) => (forPeople ? console.log(line) : console.error(line));

  const top = gitLine(["rev-parse", "--show-toplevel"]);
  if (!top) fail("not inside a git repository.");
  if (!commitOf("HEAD")) fail("the repository has no commit yet.");
  /** A path of the repository as named here: from the current directory. @param {string} path */
  const shownPath = (path) => relative(process.cwd(), join(top, path)) || path;

  const base = chooseBase(values.base);
  const baseShort = short(base.commit);
  say(`Base: ${base.name} (${base.why}), ${baseShort}`);

  const accepted = readAccepted(join(top, ACCEPTED), shownPath(ACCEPTED)).map((entry) => ({
    ...entry,
    applies: stillApplies(base.commit, entry.base),
  }));

  const committed = fileAt("HEAD", DOCUMENT);
  if (committed === undefined) fail(`${DOCUMENT} is not in HEAD.`);
  const released = fileAt(base.commit, DOCUMENT);
  if (released === undefined) {
    say(`${DOCUMENT} is not at ${baseShort}: nothing to compare with.`);
    return 0;
  }

  const scratch = mkdtempSync(join(tmpdir(), "signing-platform-gate-"));
  try {
    const file = shownPath(DOCUMENT);
    /** @type {Buffer | undefined} */
    let working;
    try {
      working = readFileSync(join(top, DOCUMENT));
    } catch {
      working = undefined;
    }
    /** A version of the document: the working tree's file when it holds the same bytes, else a copy named as the repository's file. */
    const load = (/** @type {Buffer} */ bytes, /** @type {string} */ side, /** @type {string} */ version) => {
      try {
        if (working?.equals(bytes)) return loadOpenApiDocument(file);
        const copy = join(scratch, side, DOCUMENT);
        mkdirSync(dirname(copy), { recursive: true });
        writeFileSync(copy, bytes);
        return loadOpenApiDocument(copy, { name: file });
      } catch (error) {
        if (error instanceof UnusableInputError) fail(`${error.message} (the version at ${version})`);
        throw error;
      }
    };
    const [before, after] = [load(released, "base", baseShort), load(committed, "head", "HEAD")];
    /** The committed source map of a version, which places its findings in the .tsp sources. */
    const sourcesOf = (/** @type {import("@signing-platform/diff").LoadedDocument} */ document, /** @type {string} */ commit) => {
      const text = fileAt(commit, SOURCE_MAP);
      if (text === undefined) return undefined;
      const { sources, warning } = readSourceMap(document, { file: shownPath(SOURCE_MAP), text: text.toString("utf8") });
      if (warning) console.error(`${warning.replace(/\.$/, "")} (the map committed at ${commit === "HEAD" ? "HEAD" : short(commit)}).`);
      return sources;
    };
    const findings = placeInSources(compareDocuments(before, after), {
      base: sourcesOf(before, base.commit),
      head: sourcesOf(after, "HEAD"),
    });
    const outcome = applyIgnoreFiles(findings, { breaking: accepted.filter((entry) => entry.applies) });

    if (values["list-accepted"]) {
      if (accepted.length === 0) say(`${shownPath(ACCEPTED)}: no accepted breaking changes.`);
      for (const entry of accepted) {
        const acknowledges = entry.applies ? applyIgnoreFiles(findings, { breaking: [entry] }).ignored.length : 0;
        const state = !entry.applies
          ? `no longer applies: the gate's base, ${baseShort}, is newer than ${entry.since}; remove it.`
          : acknowledges === 0
            ? "applies, and acknowledges no finding of this comparison."
            : `applies, and acknowledges ${acknowledges} finding${acknowledges === 1 ? "" : "s"}.`;
        say(`${entry.file}:${entry.line}: [since ${entry.since}] ${state}`);
      }
      return 0;
    }
    const count = outcome.ignored.length;
    if (count > 0) say(`${count} breaking change${count === 1 ? "" : "s"} acknowledged in ${shownPath(ACCEPTED)}, not reported.`);
    const label = `${DOCUMENT} at`;
    process.stdout.write(
      formatDiff({ base: `${label} ${baseShort}`, head: `${label} HEAD`, findings: outcome.findings, failOn: "breaking" }, format),
    );
    const failed = outcome.findings.some((finding) => fails(finding.level, "breaking"));
    if (failed)
      say(
        `A breaking change made on purpose is acknowledged, with its reason, under "[since ${baseShort}]" in ${shownPath(ACCEPTED)} (docs/lint-and-diff.md#accepted-breaking-changes).`,
      );
    return failed ? 1 : 0;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

try {
  process.exitCode = gate();
} catch (error) {
  if (!(error instanceof Unusable)) throw error;
  console.error(`check:breaking: ${error.message}`);
  process.exitCode = 2;
}
