// @ts-check
// `npm run release:version`: the version step of a release (docs/releasing.md). Turns the
// pending changesets into one new version of every package and their CHANGELOG.md files
// (Changesets), then adds the API changelog to the release notes of @signing-platform/types,
// the package that carries the spec: `signing-platform changelog` from generated/openapi.yaml
// as released last (the git tag Changesets' publish made for it) to the one being released.
// Last, package-lock.json takes the new versions, so `npm ci` keeps working.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const SPEC_PACKAGE = "packages/types";
const DOCUMENT = "generated/openapi.yaml";
const bin = (/** @type {string} */ name) => join(root, "node_modules", ".bin", name);
const versionOf = () => JSON.parse(readFileSync(join(root, SPEC_PACKAGE, "package.json"), "utf8")).version;

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`release:version: ${message}`);
  process.exit(1);
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {Omit<import("node:child_process").SpawnSyncOptions, "encoding">} [options]
 */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8", ...options });
  if (result.error) fail(`${command}: ${result.error.message}`);
  return result;
}

// Checked before anything is written, so a release never stops half-way for want of a build.
if (!existsSync(join(root, "packages", "cli", "dist", "bin.js")))
  fail("the CLI is not built, and it writes the API changelog: run `npm run build` first.");

const before = versionOf();
const versioned = run(bin("changeset"), ["version"], { stdio: "inherit" });
if (versioned.status !== 0) fail(`changeset version exited with ${versioned.status}.`);
const after = versionOf();
if (after === before) {
  console.log(`release:version: no pending changeset; still ${before}.`);
  process.exit(0);
}

/** The API changes since the release before, as a section of the release notes. */
function apiChanges() {
  const tag = `@signing-platform/types@${before}`;
  const released = run("git", ["show", `${tag}:${DOCUMENT}`], { maxBuffer: 256 * 1024 * 1024 });
  if (released.status !== 0) return `### API changes\n\nNo earlier release is tagged (${tag}): this is the first.\n`;
  const scratch = mkdtempSync(join(tmpdir(), "signing-platform-release-"));
  try {
    const [base, head] = [`openapi-${before}.yaml`, `openapi-${after}.yaml`];
    writeFileSync(join(scratch, base), released.stdout);
    writeFileSync(join(scratch, head), readFileSync(join(root, DOCUMENT)));
    const changelog = run(process.execPath, [join(root, "packages", "cli", "bin", "signing-platform.js"), "changelog", base, head], {
      cwd: scratch,
    });
    // 0: nothing breaking, 1: breaking changes (a major release says so in its changesets); 2: unusable.
    if (changelog.status !== 0 && changelog.status !== 1) fail(`signing-platform changelog: ${changelog.stderr.trim()}`);
    // One heading level for the section, the rest below it.
    return `${changelog.stdout.replace(/^(#+) API changes from .*$/m, "### API changes").replace(/^(#{2,}) /gm, "#### ")}`;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const notesFile = join(root, SPEC_PACKAGE, "CHANGELOG.md");
const notes = readFileSync(notesFile, "utf8");
const heading = `## ${after}\n`;
const at = notes.indexOf(heading);
if (at < 0) fail(`${SPEC_PACKAGE}/CHANGELOG.md has no "## ${after}" section.`);
const next = notes.indexOf("\n## ", at + heading.length);
const end = next < 0 ? notes.length : next + 1;
writeFileSync(notesFile, `${notes.slice(0, end).trimEnd()}\n\n${apiChanges().trim()}\n\n${notes.slice(end)}`.trimEnd() + "\n");

const locked = run("npm", ["install", "--package-lock-only", "--no-audit", "--no-fund", "--ignore-scripts"], { stdio: "inherit" });
if (locked.status !== 0) fail("npm install --package-lock-only failed.");
console.log(`release:version: ${before} → ${after}; API changes added to ${SPEC_PACKAGE}/CHANGELOG.md.`);
