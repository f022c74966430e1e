// The SDK release action users copy (packages/cli/integrations/github/sdk-release/action.yml),
// run as a runner runs it on a push: its steps in a shallow checkout of a scratch repository
// whose base commit has the document and the SDK generated from it and whose head commit changes
// the document, with the installed `signing-platform` first on the PATH and a `gh` that keeps
// pull requests in a file. The release is a branch pushed to the origin and one pull request
// whose body is the entry on top of the branch's CHANGELOG.md, opened and then updated.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { versions } from "./support/documents.js";
import { fakeGh } from "./support/fake-gh.js";
import { generatedSdk } from "./support/generated-sdk.js";
import { readAction, runCompositeAction, type ActionRun } from "./support/github-actions.js";
import { useCleanups, useInstalledCli } from "./support/installed-cli.js";
import { type Files, fileOnOrigin, jobEnvironment, scratchRepository, type ScratchRepository } from "./support/scratch-repository.js";

const actionPath = fileURLToPath(new URL("../../packages/cli/integrations/github/sdk-release", import.meta.url));
const repository = "acme/signing-api";
const token = "ghs_jobTokenOfTheLoopbackRunner0000000002";
const BRANCH = "signing-platform/sdk-release";

const installed = useInstalledCli();
const cleanUpAfter = useCleanups();

let sdkAtBase: Files;
beforeAll(() => {
  sdkAtBase = generatedSdk(installed.current().binDir, versions.clean);
}, 120_000);

function pushOf(head: Files) {
  const repo = scratchRepository({ base: { "openapi.yaml": versions.clean, ...sdkAtBase }, head });
  const gh = fakeGh(repo.root, repository, token);
  cleanUpAfter(repo.cleanup);
  return { repo, gh };
}

let runs = 0;
/** The action, as `uses:` runs it in a workflow on push to the branch `change`. */
function runAction(repo: ScratchRepository, ghDir: string, inputs: Record<string, string> = { sdk: "sdk" }): Promise<ActionRun> {
  return runCompositeAction({
    actionPath,
    workspace: repo.checkout,
    scratch: join(repo.root, `run-${++runs}`),
    with: inputs,
    eventName: "push",
    event: { ref: "refs/heads/change", before: repo.forkSha, after: repo.headSha },
    repository,
    apiUrl: "https://api.github.com",
    token,
    path: `${ghDir}:${installed.current().path}`,
    baseEnv: jobEnvironment(),
  });
}

/** A file of the release branch as the origin has it. */
const released = (repo: ScratchRepository, path: string) => fileOnOrigin(repo, BRANCH, path);

describe("the SDK release action", () => {
  it("releases the SDK on a branch and opens a pull request whose body is the CHANGELOG entry, then updates it", async () => {
    const { repo, gh } = pushOf({ "openapi.yaml": versions.optionalParameterAdded });
    const run = await runAction(repo, gh.dir);
    expect(run.status, run.log).toBe(0);
    expect(run.log).toMatch(/Released \S+ 1\.1\.0 after 1\.0\.0 \(minor\): 0 breaking, 1 added/);
    expect(JSON.parse(released(repo, "sdk/package.json")).version).toBe("1.1.0");
    const parent = execFileSync("git", ["rev-parse", `${BRANCH}^`], { cwd: join(repo.root, "origin"), encoding: "utf8" }).trim();
    expect(parent).toBe(repo.headSha);
    const [pr] = gh.pullRequests();
    expect(gh.pullRequests()).toHaveLength(1);
    expect(pr).toMatchObject({ number: 1, head: BRANCH, base: "change", title: "Release 1.1.0 of the SDK in sdk from openapi.yaml" });
    expect(pr!.body).toMatch(/^## 1\.1\.0 \(\d{4}-\d{2}-\d{2}\)\n/);
    expect(released(repo, "sdk/CHANGELOG.md")).toBe(`# Changelog\n\n${pr!.body}`);
    expect(readFileSync(run.outputs["changelog-entry"]!, "utf8")).toBe(pr!.body);
    expect(run.outputs["sdk-version"]).toBe("1.1.0");

    const second = await runAction(repo, gh.dir);
    expect(second.status, second.log).toBe(0);
    expect(second.log).toContain("Updated pull request #1.");
    expect(gh.pullRequests()).toHaveLength(1);
    expect(gh.calls().map((call) => call.split(" ").slice(0, 2).join(" "))).toEqual(["pr list", "pr create", "pr list", "pr edit"]);
    expect(JSON.parse(released(repo, "sdk/package.json")).version).toBe("1.1.0");
    expect(`${run.log}${second.log}${gh.calls().join("\n")}`).not.toContain(token);
  });

  it("does nothing on a push that leaves the document as it was", async () => {
    const { repo, gh } = pushOf({ "README.md": "# An API, explained\n" });
    const run = await runAction(repo, gh.dir);
    expect(run.status, run.log).toBe(0);
    expect(run.log).toContain(`openapi.yaml did not change since ${repo.forkSha}: nothing to release.`);
    expect(run.steps.filter((step) => step.outcome === "skipped").map((step) => step.name)).toEqual([
      "Release the SDK",
      "Push the release branch",
      "Open or update the pull request",
    ]);
    expect(gh.calls()).toEqual([]);
  });
});

describe("sdk-release/action.yml", () => {
  const action = readAction(actionPath);

  it("passes inputs to scripts through env, never by writing ${{ }} into a script", () => {
    expect(action.runs.steps.filter((step) => step.run?.includes("${{"))).toEqual([]);
  });
});
