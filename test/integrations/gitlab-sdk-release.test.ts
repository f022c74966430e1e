// The SDK release template users include (packages/cli/integrations/gitlab/signing-platform-sdk-release.gitlab-ci.yml),
// its job run as a runner runs it in a push pipeline: the script in one bash session, in a
// shallow clone of a scratch repository whose base commit has the document and the SDK generated
// from it and whose head commit changes the document, with the installed `signing-platform`
// first on the PATH, against a loopback GitLab merge requests API. The release is a branch pushed
// to the origin and one merge request whose description is the entry on top of the branch's
// CHANGELOG.md, opened and then updated.
import { execFileSync } from "node:child_process";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { versions } from "./support/documents.js";
import { fakeMergeRequests, type FakeMergeRequestApi } from "./support/fake-merge-requests.js";
import { generatedSdk } from "./support/generated-sdk.js";
import { readTemplate, runGitLabJob, type JobRun } from "./support/gitlab-ci.js";
import { useCleanups, useInstalledCli } from "./support/installed-cli.js";
import { type Files, fileOnOrigin, jobEnvironment, scratchRepository, type ScratchRepository } from "./support/scratch-repository.js";

const template = fileURLToPath(
  new URL("../../packages/cli/integrations/gitlab/signing-platform-sdk-release.gitlab-ci.yml", import.meta.url),
);
const JOB = "signing-platform-sdk-release";
const token = "glpat-projectAccessTokenOfTheTest0002";
const BRANCH = "signing-platform/sdk-release";

const installed = useInstalledCli();
const cleanUpAfter = useCleanups();

let sdkAtBase: Files;
beforeAll(() => {
  sdkAtBase = generatedSdk(installed.current().binDir, versions.clean);
}, 120_000);

async function pushOf(head: Files) {
  const repo = scratchRepository({ base: { "openapi.yaml": versions.clean, ...sdkAtBase }, head });
  // The project's URL on the server, CI_SERVER_URL/CI_PROJECT_PATH.git: here the origin itself.
  symlinkSync(join(repo.root, "origin"), join(repo.root, "origin.git"));
  const api = await fakeMergeRequests({ project: "42", token });
  cleanUpAfter(repo.cleanup, api.close);
  return { repo, api };
}

let runs = 0;
/** The template's job in a pipeline of a push to the branch `change`; `project` are CI/CD variables of the project. */
function runJob(repo: ScratchRepository, api: FakeMergeRequestApi, project: Record<string, string> = {}): Promise<JobRun> {
  return runGitLabJob({
    template,
    job: JOB,
    projectDir: repo.checkout,
    scratch: join(repo.root, `run-${++runs}`),
    predefined: {
      CI_PIPELINE_SOURCE: "push",
      CI_API_V4_URL: api.url,
      CI_SERVER_URL: `file://${repo.root}`,
      CI_PROJECT_PATH: "origin",
      CI_PROJECT_ID: "42",
      CI_COMMIT_BRANCH: "change",
      CI_COMMIT_BEFORE_SHA: repo.forkSha,
      CI_COMMIT_SHA: repo.headSha,
    },
    project: { SIGNING_PLATFORM_GITLAB_TOKEN: token, ...project },
    path: installed.current().path,
    baseEnv: jobEnvironment(),
  });
}

const released = (repo: ScratchRepository, path: string) => fileOnOrigin(repo, BRANCH, path);

describe("the GitLab SDK release template", () => {
  it("releases the SDK on a branch and opens a merge request whose description is the CHANGELOG entry, then updates it", async () => {
    const { repo, api } = await pushOf({ "openapi.yaml": versions.optionalParameterAdded });
    const run = await runJob(repo, api);
    expect(run.status, run.log).toBe(0);
    expect(run.log).toMatch(/Released \S+ 1\.1\.0 after 1\.0\.0 \(minor\): 0 breaking, 1 added/);
    expect(run.log).toContain("Opened merge request https://gitlab.example.com/acme/signing-api/-/merge_requests/1.");
    expect(JSON.parse(released(repo, "sdk/package.json")).version).toBe("1.1.0");
    const parent = execFileSync("git", ["rev-parse", `${BRANCH}^`], { cwd: join(repo.root, "origin"), encoding: "utf8" }).trim();
    expect(parent).toBe(repo.headSha);
    expect(api.mergeRequests).toHaveLength(1);
    const [mr] = api.mergeRequests;
    expect(mr).toMatchObject({
      iid: 1,
      source_branch: BRANCH,
      target_branch: "change",
      title: "Release 1.1.0 of the SDK in sdk from openapi.yaml",
    });
    expect(mr!.description).toMatch(/^## 1\.1\.0 \(\d{4}-\d{2}-\d{2}\)\n/);
    expect(released(repo, "sdk/CHANGELOG.md")).toBe(`# Changelog\n\n${mr!.description}`);

    const second = await runJob(repo, api);
    expect(second.status, second.log).toBe(0);
    expect(second.log).toContain("Updated merge request !1.");
    expect(api.mergeRequests).toHaveLength(1);
    expect(JSON.parse(released(repo, "sdk/package.json")).version).toBe("1.1.0");
    const path = "/api/v4/projects/42/merge_requests";
    expect(api.calls).toEqual([`GET ${path}`, `POST ${path}`, `GET ${path}`, `PUT ${path}/1`]);
    expect(`${run.log}${second.log}`).not.toContain(token);
  });

  it("does nothing on a push that leaves the document as it was", async () => {
    const { repo, api } = await pushOf({ "README.md": "# An API, explained\n" });
    const run = await runJob(repo, api);
    expect(run.status, run.log).toBe(0);
    expect(run.log).toContain(`openapi.yaml did not change since ${repo.forkSha}: nothing to release.`);
    expect(api.calls).toEqual([]);
    expect(() => released(repo, "sdk/package.json")).toThrow();
  });

  it("stops with exit 2 naming the variable when no token is set, and pushes nothing", async () => {
    const { repo, api } = await pushOf({ "openapi.yaml": versions.optionalParameterAdded });
    const run = await runJob(repo, api, { SIGNING_PLATFORM_GITLAB_TOKEN: "" });
    expect(run.status, run.log).toBe(2);
    expect(run.log).toContain("SIGNING_PLATFORM_GITLAB_TOKEN is not set");
    expect(api.calls).toEqual([]);
  });
});

describe("the SDK release template", () => {
  it("is one job, for push pipelines of a branch", () => {
    expect(Object.keys(readTemplate(template))).toEqual([JOB]);
    expect(readTemplate(template)[JOB]!.rules).toEqual([{ if: '$CI_PIPELINE_SOURCE == "push" && $CI_COMMIT_BRANCH' }]);
  });
});
