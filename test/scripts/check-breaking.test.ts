// The breaking-change gate of this repository's CI: `.ci/run` runs `npm run check:breaking`.
// Here the same npm script runs in scratch git repositories with a history (a release point,
// branches, tags, several commits), as CI and contributors run it, and its exit status and
// lines are what they would see.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import YAML from "yaml";
import { gitEnvironment } from "../integrations/support/scratch-repository.js";

const repo = fileURLToPath(new URL("../../", import.meta.url));
const rootPackage = JSON.parse(readFileSync(join(repo, "package.json"), "utf8"));
const generated = readFileSync(join(repo, "generated", "openapi.yaml"), "utf8");
const DOCUMENT = "generated/openapi.yaml";
const ACCEPTED = "spec/accepted-breaking-changes.txt";
const scratches: string[] = [];
afterEach(() => scratches.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Git and the gate with nothing of this machine's configuration or of the CI this test may run in. */
const environment = (extra: Record<string, string> = {}) => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(GITHUB_|GITLAB_|CI_|CI$|RUNNER_)/.test(name))),
  ...gitEnvironment,
  ...extra,
});

type Document = Record<string, any>;
type Change = (document: Document) => void;

/** Changes of the API, each one thing. */
const changes = {
  /** A required property of a response (Certificate.id) removed: breaking. */
  requiredResponsePropertyRemoved: ((document) => {
    delete document.components.schemas.Certificate.properties.id;
    document.components.schemas.Certificate.required = [];
  }) as Change,
  /** A summary reworded: no change the gate reports. */
  summaryReworded: ((document) => {
    document.paths["/certificates"].get.summary = "List the certificates";
  }) as Change,
  /** An operation removed: breaking. */
  operationRemoved: ((document) => {
    delete document.paths["/certificates/{id}"];
  }) as Change,
  /** An optional parameter added: not breaking. */
  optionalParameterAdded: ((document) => {
    document.paths["/certificates"].get.parameters.push({ name: "q", in: "query", schema: { type: "string" } });
  }) as Change,
  /** An operation added: not breaking. */
  operationAdded: ((document) => {
    document.paths["/certificates/{id}/renewal"] = { get: structuredClone(document.paths["/certificates/{id}"].get) };
    document.paths["/certificates/{id}/renewal"].get.operationId = "getCertificateRenewal";
  }) as Change,
};

/**
 * A repository as this one is laid out for the gate: the npm script, the spec package's
 * manifest (its version marks a release), the document, and a first commit that sets the
 * version: the release point of a repository that has never published.
 */
function scratchRepository() {
  const dir = mkdtempSync(join(tmpdir(), "signing-platform-gate-test-"));
  scratches.push(dir);
  const git = (...args: string[]) => {
    const run = spawnSync("git", args, { cwd: dir, encoding: "utf8", env: environment() });
    if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
    return run.stdout.trim();
  };
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  let document: Document = YAML.parse(generated);
  const version = (value: string) =>
    write("packages/types/package.json", `${JSON.stringify({ name: "@signing-platform/types", version: value }, null, 2)}\n`);

  write("package.json", JSON.stringify({ private: true, scripts: { "check:breaking": rootPackage.scripts["check:breaking"] } }));
  symlinkSync(join(repo, "scripts"), join(dir, "scripts"));
  write(".gitignore", "scripts\n");
  version("0.1.0");
  write(DOCUMENT, generated);
  git("init", "--quiet", "--initial-branch=main");
  git("add", "--all");
  git("commit", "--quiet", "--message", "the API as it is, at version 0.1.0");

  return {
    dir,
    git,
    write,
    /** A commit that changes the document and writes `files` (given the document's text); its id. */
    commit(message: string, change?: Change, files: Record<string, string> | ((text: string) => Record<string, string>) = {}) {
      if (change) {
        document = structuredClone(document);
        change(document);
        write(DOCUMENT, YAML.stringify(document));
      }
      const text = readFileSync(join(dir, DOCUMENT), "utf8");
      for (const [path, content] of Object.entries(typeof files === "function" ? files(text) : files)) write(path, content);
      git("add", "--all");
      git("commit", "--quiet", "--allow-empty", "--message", message);
      return git("rev-parse", "HEAD");
    },
    /** A release as docs/releasing.md makes it: the commit that sets the new version. */
    release(value: string) {
      version(value);
      git("commit", "--quiet", "--all", "--message", `release: ${value}`);
      return git("rev-parse", "HEAD");
    },
    document: () => document,
    short: (commit: string) => git("rev-parse", "--short", commit),
  };
}

/** `npm run check:breaking -- <args>`: the script's command, run as npm runs it (without npm's own start-up). */
const gate = (cwd: string, args: string[] = [], env: Record<string, string> = {}) =>
  spawnSync("sh", ["-c", `${rootPackage.scripts["check:breaking"]} "$@"`, "check:breaking", ...args], {
    cwd,
    encoding: "utf8",
    env: environment(env),
  });

describe("npm run check:breaking, the command .ci/run runs", () => {
  it("is the gate .ci/run calls, with no --base", () => {
    expect(readFileSync(join(repo, ".ci", "run"), "utf8")).toMatch(/^npm run check:breaking$/m);
  });

  it("fails main when a commit since the release point breaks and a later one only rewords a summary", () => {
    const scratch = scratchRepository();
    const releasePoint = scratch.git("rev-parse", "HEAD");
    scratch.commit("a required property removed", changes.requiredResponsePropertyRemoved);
    scratch.commit("a summary reworded", changes.summaryReworded);
    const run = gate(scratch.dir);
    expect(run.stdout.split("\n")[0]).toBe(
      `Base: the commit that set @signing-platform/types to 0.1.0 (the last release point; this clone has no release tag), ${scratch.short(releasePoint)}`,
    );
    expect(run.stdout).toMatch(/response-required-property-removed +GET \/certificates\/\{id\} › 200 application\/json › id:/);
    expect(run.status).toBe(1);
  });

  it("fails a branch when any of its commits breaks, comparing with where it left main", () => {
    const scratch = scratchRepository();
    scratch.commit("on main: an operation added", changes.operationAdded);
    const forkPoint = scratch.git("rev-parse", "HEAD");
    scratch.git("checkout", "--quiet", "-b", "feature");
    scratch.commit("a required property removed", changes.requiredResponsePropertyRemoved);
    scratch.commit("a summary reworded", changes.summaryReworded);
    const run = gate(scratch.dir);
    expect(run.stdout.split("\n")[0]).toBe(`Base: the merge base with main (feature is not the main branch), ${scratch.short(forkPoint)}`);
    expect(run.stdout).toMatch(/response-required-property-removed/);
    expect(run.status).toBe(1);
  });

  it("compares a pull request with where it left its target, not with what the target gained since", () => {
    const scratch = scratchRepository();
    const forkPoint = scratch.git("rev-parse", "HEAD");
    scratch.git("checkout", "--quiet", "-b", "feature");
    scratch.commit("an optional parameter", changes.optionalParameterAdded);
    scratch.git("checkout", "--quiet", "main");
    scratch.commit("on main since: an operation added", changes.operationAdded);
    // A CI checkout: the head of the request, detached.
    scratch.git("checkout", "--quiet", "--detach", "feature");
    const run = gate(scratch.dir, [], { GITHUB_BASE_REF: "main" });
    expect(run.stdout.split("\n")[0]).toBe(`Base: the merge base with main (the target of this pull request), ${scratch.short(forkPoint)}`);
    expect(run.stdout).toMatch(
      /^0 breaking changes, 0 warnings, 1 other change from generated\/openapi\.yaml at \w+ to generated\/openapi\.yaml at HEAD\.$/m,
    );
    expect(run.status).toBe(0);
    const target = gate(scratch.dir, [], { CI_MERGE_REQUEST_TARGET_BRANCH_NAME: "release-1" });
    expect(target.stderr.trim().split("\n")).toEqual([
      "check:breaking: the target of this merge request, release-1, is not in this clone (as origin/release-1 or release-1): fetch it, or give --base.",
    ]);
    expect(target.status).toBe(2);
  });

  it("compares main with the newest release tag reachable from HEAD, or without tags with the commit that set the version", () => {
    const scratch = scratchRepository();
    scratch.commit("an operation removed before the release", changes.operationRemoved);
    const release = scratch.release("0.2.0");
    scratch.git("tag", "@signing-platform/types@0.2.0");
    // A later release on another branch is not what main's users have.
    scratch.git("checkout", "--quiet", "-b", "maintenance");
    scratch.release("0.3.0");
    scratch.git("tag", "@signing-platform/types@0.3.0");
    scratch.git("checkout", "--quiet", "main");
    scratch.commit("a required property removed after it", changes.requiredResponsePropertyRemoved);

    const tagged = gate(scratch.dir);
    expect(tagged.stdout.split("\n")[0]).toBe(`Base: @signing-platform/types@0.2.0 (the last release), ${scratch.short(release)}`);
    expect(tagged.stdout).toMatch(/response-required-property-removed/);
    expect(tagged.stdout).not.toMatch(/api-path-removed-without-deprecation/);
    expect(tagged.status).toBe(1);

    for (const tag of ["@signing-platform/types@0.2.0", "@signing-platform/types@0.3.0"]) scratch.git("tag", "--delete", tag);
    const untagged = gate(scratch.dir);
    expect(untagged.stdout.split("\n")[0]).toBe(
      `Base: the commit that set @signing-platform/types to 0.2.0 (the last release point; this clone has no release tag), ${scratch.short(release)}`,
    );
    expect(untagged.stdout).toMatch(/response-required-property-removed/);
    expect(untagged.stdout).not.toMatch(/api-path-removed-without-deprecation/);
    expect(untagged.status).toBe(1);
  });

  it("compares with --base when given, and refuses one that is not a commit with exit 2 and one line", () => {
    const scratch = scratchRepository();
    scratch.commit("an operation removed", changes.operationRemoved);
    const previous = scratch.commit("a summary reworded", changes.summaryReworded);
    scratch.commit("another rewording", (document) => (document.info.description = "Reworded."));
    const run = gate(scratch.dir, ["--base", "HEAD~1"]);
    expect(run.stdout.split("\n")[0]).toBe(`Base: HEAD~1 (given with --base), ${scratch.short(previous)}`);
    expect(run.stdout.split("\n")[1]).toMatch(/^No changes from generated\/openapi\.yaml at \w+ to generated\/openapi\.yaml at HEAD\.$/);
    expect(run.status).toBe(0);
    const missing = gate(scratch.dir, ["--base", "no-such-ref"]);
    expect(missing.stderr.trim().split("\n")).toEqual(["check:breaking: --base no-such-ref: not a commit of this repository."]);
    expect(missing.status).toBe(2);
  });

  it("names generated/openapi.yaml in its findings, never a temporary copy, whether or not the working tree holds HEAD's", () => {
    const scratch = scratchRepository();
    scratch.commit("an operation removed, an optional parameter added", (document) => {
      changes.operationRemoved(document);
      changes.optionalParameterAdded(document);
    });
    const clean = gate(scratch.dir, ["--format", "github-actions"]);
    // Not committed: the working tree's document is another, and HEAD's is compared.
    scratch.write(DOCUMENT, YAML.stringify({ ...scratch.document(), info: { ...scratch.document().info, title: "Edited" } }));
    const edited = gate(scratch.dir, ["--format", "github-actions"]);
    for (const run of [clean, edited]) {
      expect(run.status).toBe(1);
      expect(run.stdout).toMatch(
        /^::error file=generated\/openapi\.yaml,line=\d+,col=\d+,title=Breaking change%3A api-path-removed-without-deprecation::/m,
      );
      expect(run.stdout).toMatch(
        /^::notice file=generated\/openapi\.yaml,line=\d+,col=\d+,title=API change%3A new-optional-request-parameter::/m,
      );
      expect(`${run.stdout}${run.stderr}`).not.toContain("signing-platform-gate-");
    }
  });

  it("names the .tsp source from the committed source maps: HEAD's for head places, the base's for base places", () => {
    const scratch = scratchRepository();
    const certificates = "spec/resources/certificates.tsp";
    const mapOf = (document: string, sources: Record<string, number>) =>
      JSON.stringify({
        version: 1,
        document: "openapi.yaml",
        documentSha256: createHash("sha256").update(document).digest("hex"),
        sources: Object.fromEntries(
          Object.entries(sources).map(([pointer, line]) => [pointer, { file: `../${certificates}`, line, column: 3 }]),
        ),
      });
    scratch.commit("the source map", undefined, (text) => ({
      [certificates]: "// certificates\n",
      "generated/openapi.sourcemap.json": mapOf(text, { "/paths/~1certificates~1{id}/get": 41, "/paths/~1certificates/get": 21 }),
    }));
    scratch.commit(
      "an operation removed, an optional parameter added",
      (document) => {
        changes.operationRemoved(document);
        changes.optionalParameterAdded(document);
      },
      (text) => ({ "generated/openapi.sourcemap.json": mapOf(text, { "/paths/~1certificates/get": 17 }) }),
    );
    // The release point is the first commit, which has no map: give the one with the base's map.
    const run = gate(scratch.dir, ["--base", "HEAD~1"]);
    expect(run.stdout).toMatch(/api-path-removed-without-deprecation .+ \(spec\/resources\/certificates\.tsp:41:3\)\n/);
    expect(run.stdout).toMatch(/new-optional-request-parameter .+ \(spec\/resources\/certificates\.tsp:17:3\)\n/);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(1);

    // HEAD's map written for other bytes of its document: ignored, with one line, and places in the document.
    scratch.commit("the document edited by hand", (edited) => (edited.info.description = "Edited by hand."));
    const stale = gate(scratch.dir, ["--base", "HEAD~2"]);
    expect(stale.stderr.trim().split("\n")).toEqual([
      "generated/openapi.sourcemap.json: source map ignored: stale: written for other contents of generated/openapi.yaml (its documentSha256 differs); places are given in generated/openapi.yaml (the map committed at HEAD).",
    ]);
    expect(stale.stdout).toMatch(/new-optional-request-parameter .+ \(generated\/openapi\.yaml:\d+:\d+\)\n/);
    expect(stale.stdout).toMatch(/api-path-removed-without-deprecation .+ \(spec\/resources\/certificates\.tsp:41:3\)\n/);
    expect(stale.status).toBe(1);
  });
});

describe("spec/accepted-breaking-changes.txt", () => {
  it("acknowledges a change under the base it was accepted against, and says nothing of entries that acknowledge nothing", () => {
    const scratch = scratchRepository();
    const releasePoint = scratch.short(scratch.git("rev-parse", "HEAD"));
    scratch.commit("an operation removed", changes.operationRemoved);
    const failing = gate(scratch.dir);
    expect(failing.status).toBe(1);
    expect(failing.stdout.trim().split("\n").at(-1)).toBe(
      `A breaking change made on purpose is acknowledged, with its reason, under "[since ${releasePoint}]" in ${ACCEPTED} (docs/lint-and-diff.md#accepted-breaking-changes).`,
    );
    const [removal] = failing.stdout.match(/GET \/certificates\/\{id\} was removed with its path[^(]*\./) ?? [];
    expect(removal).toBeDefined();
    scratch.commit("accepted", undefined, {
      [ACCEPTED]: `# accepted\n[since ${releasePoint}]\n# the old path goes (a reason)\n${removal}\nGET /never was removed.\n`,
    });
    const run = gate(scratch.dir);
    expect(run.stdout).toContain(`1 breaking change acknowledged in ${ACCEPTED}, not reported.`);
    expect(run.stdout).toMatch(/^0 breaking changes/m);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const listed = gate(scratch.dir, ["--list-accepted"]);
    expect(listed.stdout.trim().split("\n").slice(1)).toEqual([
      `${ACCEPTED}:4: [since ${releasePoint}] applies, and acknowledges 1 finding.`,
      `${ACCEPTED}:5: [since ${releasePoint}] applies, and acknowledges no finding of this comparison.`,
    ]);
    expect(listed.status).toBe(0);
  });

  it("leaves a section aside without a word once the gate's base is newer than its own, and lists it in --list-accepted", () => {
    const scratch = scratchRepository();
    const releasePoint = scratch.short(scratch.git("rev-parse", "HEAD"));
    scratch.commit("an operation removed", changes.operationRemoved);
    scratch.commit("accepted", undefined, { [ACCEPTED]: `[since ${releasePoint}]\nGET /certificates/{id} was removed with its path.\n` });
    const release = scratch.release("0.2.0");
    const run = gate(scratch.dir);
    expect(run.stdout.split("\n")[0]).toContain(scratch.short(release));
    expect(run.stdout).not.toContain(ACCEPTED);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const listed = gate(scratch.dir, ["--list-accepted"]);
    expect(listed.stdout.trim().split("\n").slice(1)).toEqual([
      `${ACCEPTED}:2: [since ${releasePoint}] no longer applies: the gate's base, ${scratch.short(release)}, is newer than ${releasePoint}; remove it.`,
    ]);
  });

  it("reads a release tag as the release's commit in a clone without tags", () => {
    const scratch = scratchRepository();
    scratch.release("0.2.0");
    scratch.commit("an operation removed", changes.operationRemoved);
    scratch.commit("accepted", undefined, {
      [ACCEPTED]:
        "[since @signing-platform/types@0.2.0]\nGET /certificates/{id} was removed with its path, and it was not deprecated first.\n",
    });
    const run = gate(scratch.dir);
    expect(run.stdout).toContain(`1 breaking change acknowledged in ${ACCEPTED}, not reported.`);
    expect(run.status).toBe(0);
  });

  it.each([
    [
      "an entry above any section",
      "# header\n\nGET /x was removed.\n",
      `${ACCEPTED}:3: an entry needs a "[since <commit or tag>]" line above it, naming the base it was accepted against.`,
    ],
    [
      "a base that is no commit",
      "[since 0000000deadbeef]\n",
      `${ACCEPTED}:1: [since 0000000deadbeef]: not a commit or release tag of this repository.`,
    ],
    [
      "a section line that is not one",
      "[after HEAD]\n",
      `${ACCEPTED}:1: not a section line: write "[since <commit or tag>]", naming the base the changes below were accepted against.`,
    ],
  ])("refuses %s with exit 2 and one line naming file and line", (_what, text, line) => {
    const scratch = scratchRepository();
    scratch.write(ACCEPTED, text);
    const run = gate(scratch.dir);
    expect(run.stderr.trim().split("\n")).toEqual([`check:breaking: ${line}`]);
    expect(run.status).toBe(2);
  });
});
