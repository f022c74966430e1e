// The breaking-change gate of this repository's CI: `.ci/run` runs `npm run check:breaking`.
// Here the same npm script runs in a scratch git repository whose latest commit changes
// generated/openapi.yaml, as a pull request would, and its exit status is what CI would see.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import YAML from "yaml";

const repo = fileURLToPath(new URL("../../", import.meta.url));
const rootPackage = JSON.parse(readFileSync(join(repo, "package.json"), "utf8"));
const generated = readFileSync(join(repo, "generated", "openapi.yaml"), "utf8");
const scratches: string[] = [];
afterEach(() => scratches.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function git(cwd: string, ...args: string[]) {
  const run = spawnSync("git", ["-c", "user.name=CI", "-c", "user.email=ci@example.invalid", "-c", "commit.gpgsign=false", ...args], {
    cwd,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
}

/** A repository whose history is the committed document, then `change` applied to it in a second commit. */
function repositoryWith(change: (document: Record<string, any>) => void): string {
  const dir = mkdtempSync(join(tmpdir(), "signing-platform-gate-test-"));
  scratches.push(dir);
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ private: true, scripts: { "check:breaking": rootPackage.scripts["check:breaking"] } }),
  );
  symlinkSync(join(repo, "scripts"), join(dir, "scripts"));
  mkdirSync(join(dir, "generated"));
  writeFileSync(join(dir, "generated", "openapi.yaml"), generated);
  git(dir, "init", "-q");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "the API as it is");
  const document = YAML.parse(generated);
  change(document);
  writeFileSync(join(dir, "generated", "openapi.yaml"), YAML.stringify(document));
  git(dir, "commit", "-q", "-am", "a change of the API");
  return dir;
}

const gate = (cwd: string, ...args: string[]) =>
  spawnSync("npm", ["run", "--silent", "check:breaking", ...(args.length > 0 ? ["--", ...args] : [])], { cwd, encoding: "utf8" });

describe("npm run check:breaking, the command .ci/run runs", () => {
  it("is the gate .ci/run calls", () => {
    expect(readFileSync(join(repo, ".ci", "run"), "utf8")).toMatch(/^npm run check:breaking$/m);
  });

  it("fails a commit that removes an operation", () => {
    const run = gate(repositoryWith((document) => delete document.paths["/certificates/{id}"]));
    expect(run.stdout).toMatch(/api-path-removed-without-deprecation +GET \/certificates\/\{id\} was removed/);
    expect(run.status).toBe(1);
  });

  it("passes a commit that only adds an optional parameter", () => {
    const run = gate(
      repositoryWith((document) =>
        document.paths["/certificates"].get.parameters.push({ name: "q", in: "query", schema: { type: "string" } }),
      ),
    );
    expect(run.stdout).toMatch(/new-optional-request-parameter/);
    expect(run.status).toBe(0);
  });

  it("compares with a named base when given one, as a pull request's gate does", () => {
    const dir = repositoryWith((document) => (document.info.description = "Reworded."));
    const run = gate(dir, "--base", "HEAD~1");
    expect(run.stdout).toMatch(/^No changes from /);
    expect(run.status).toBe(0);
    const missing = gate(dir, "--base", "no-such-ref");
    expect(missing.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^check:breaking: generated\/openapi\.yaml at no-such-ref: /),
    ]);
    expect(missing.status).toBe(2);
  });
});
