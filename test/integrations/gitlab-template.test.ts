// The GitLab CI template users include (packages/cli/integrations/gitlab/signing-platform.gitlab-ci.yml),
// its job run as a runner runs it in a merge-request pipeline: the script in one bash session,
// in a shallow clone of a scratch repository with a base and a head commit of an OpenAPI
// document, with the installed `signing-platform` first on the PATH and GitLab's predefined
// variables, against a loopback GitLab notes API. The verdict is the job's exit status; the
// changelog is one note, posted and then updated.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fakeGitLab, type FakeCommentApi } from "../../packages/cli/test/support/comment-apis.js";
import { requiredPropertyAdded, splitDocument, versions } from "./support/documents.js";
import { fakeNpm } from "./support/fake-npm.js";
import { readTemplate, runGitLabJob, type JobRun } from "./support/gitlab-ci.js";
import { useCleanups, useInstalledCli } from "./support/installed-cli.js";
import {
  documentChange,
  type Files,
  jobEnvironment,
  hasCommit,
  scratchRepository,
  type ScratchRepository,
} from "./support/scratch-repository.js";

const template = fileURLToPath(new URL("../../packages/cli/integrations/gitlab/signing-platform.gitlab-ci.yml", import.meta.url));
const JOB = "signing-platform-api";
const MARKER = "<!-- signing-platform-changelog -->";
const token = "glpat-projectAccessTokenOfTheTest0001";

const installed = useInstalledCli();
const cleanUpAfter = useCleanups();

async function mergeRequest(files: { base: Files; head: Files; baseLater?: Files }) {
  const repo = scratchRepository(files);
  const api = await fakeGitLab({ project: "42", iid: 3, token });
  cleanUpAfter(repo.cleanup, api.close);
  return { repo, api };
}

let runs = 0;
/** The template's job in a merge-request pipeline; `project` are CI/CD variables of the project. */
function runJob(
  repo: ScratchRepository,
  api: FakeCommentApi,
  project: Record<string, string> = {},
  path = installed.current().path,
): Promise<JobRun> {
  return runGitLabJob({
    template,
    job: JOB,
    projectDir: repo.checkout,
    scratch: join(repo.root, `run-${++runs}`),
    predefined: {
      CI_API_V4_URL: api.url,
      CI_PROJECT_ID: "42",
      CI_MERGE_REQUEST_IID: "3",
      CI_MERGE_REQUEST_DIFF_BASE_SHA: repo.baseSha,
      CI_MERGE_REQUEST_TARGET_BRANCH_NAME: "main",
      CI_COMMIT_SHA: repo.headSha,
    },
    project: { SIGNING_PLATFORM_GITLAB_TOKEN: token, ...project },
    path,
    baseEnv: jobEnvironment(),
  });
}

const writes = (api: FakeCommentApi) => api.calls.filter((call) => call.method !== "GET").map((call) => `${call.method} ${call.path}`);
const POST = "POST /api/v4/projects/42/merge_requests/3/notes";

// Each test has a repository, an API and a runner of its own: they run side by side.
describe.concurrent("the GitLab template", () => {
  it("passes a change that breaks nothing and posts the changelog as one note", async () => {
    const { repo, api } = await mergeRequest(documentChange("openapi.yaml", versions.clean, versions.optionalParameterAdded));
    expect(hasCommit(repo.checkout, repo.baseSha)).toBe(false);
    const run = await runJob(repo, api);
    expect(run.status, run.log).toBe(0);
    expect(run.log).toMatch(/^signing-platform \d+\.\d+\.\d+/m);
    expect(run.log).not.toMatch(/npm install|added \d+ packages/);
    expect(hasCommit(repo.checkout, repo.baseSha)).toBe(true);
    expect(run.log).toContain("No problems found.");
    expect(run.log).toContain("new-optional-request-parameter  GET /certificates: an optional query parameter `q` was added.");
    expect(writes(api)).toEqual([POST]);
    expect(api.comments[0]!.body.startsWith(`${MARKER}\n# API changes from `)).toBe(true);
    expect(api.comments[0]!.body).toContain("`new-optional-request-parameter`");
    expect(api.calls.every((call) => call.headers["private-token"] === token)).toBe(true);
    expect(run.log).toContain(`openapi.yaml: no lint errors, and nothing at or above breaking against ${repo.baseSha}.`);
    expect(run.log).not.toContain(token);
  });

  it("updates that note on the next pipeline instead of posting a second one", async () => {
    const { repo, api } = await mergeRequest(documentChange("openapi.yaml", versions.clean, versions.optionalParameterAdded));
    expect((await runJob(repo, api)).status).toBe(0);
    const second = await runJob(repo, api);
    expect(second.status, second.log).toBe(0);
    expect(writes(api)).toEqual([POST, `PUT /api/v4/projects/42/merge_requests/3/notes/${api.comments[0]!.id}`]);
    expect(api.comments).toHaveLength(1);
  });

  it("fails on a breaking change with exit 1, after posting the note", async () => {
    const { repo, api } = await mergeRequest(documentChange("openapi.yaml", versions.clean, versions.operationRemoved));
    const run = await runJob(repo, api);
    expect(run.status, run.log).toBe(1);
    expect(run.log).toContain("api-path-removed-without-deprecation  DELETE /enrollments/{id} was removed with its path");
    expect(writes(api)).toEqual([POST]);
    expect(api.comments[0]!.body).toContain("- **breaking** `api-path-removed-without-deprecation`");
    expect(run.log.indexOf("Posted the comment")).toBeLessThan(run.log.indexOf("has changes at or above breaking"));
  });

  it("fails on a lint error with exit 1, after posting the note", async () => {
    const { repo, api } = await mergeRequest(documentChange("openapi.yaml", versions.clean, versions.operationWithoutConventions));
    const run = await runJob(repo, api);
    expect(run.status, run.log).toBe(1);
    expect(run.log).toMatch(
      /error {2}signing-platform-standard-response-headers {2}The 200 response of GET \/status does not declare the Request-Id header/,
    );
    expect(writes(api)).toEqual([POST]);
    expect(api.comments[0]!.body).toContain("`endpoint-added`: GET /status was added.");
    expect(run.log).toContain("openapi.yaml breaks the conventions: see the lint errors above.");
    expect(run.log).not.toContain("has changes at or above");
  });

  it("takes a document that is not at the base as all new", async () => {
    const { repo, api } = await mergeRequest(documentChange("api/openapi.yaml", undefined, versions.clean));
    const run = await runJob(repo, api, { SIGNING_PLATFORM_DOCUMENT: "api/openapi.yaml" });
    expect(run.status, run.log).toBe(0);
    expect(run.log).toContain(`api/openapi.yaml is not in ${repo.baseSha}: everything in it is new.`);
    expect(api.comments[0]!.body).toContain("0 breaking changes, 0 warnings, 5 other changes.");
  });

  it("reads a document split over files at the base too", async () => {
    const { repo, api } = await mergeRequest({ base: splitDocument("api"), head: splitDocument("api", requiredPropertyAdded) });
    const run = await runJob(repo, api, { SIGNING_PLATFORM_DOCUMENT: "api/openapi.yaml" });
    expect(run.status, run.log).toBe(1);
    expect(run.log).toMatch(
      /new-required-request-property +POST \/enrollments request body application\/json › note: a required property was added\. +\(api\/schemas\/enrollment\.yaml:\d+:\d+\)/,
    );
    expect(api.comments[0]!.body).toContain("`new-required-request-property`");
  });

  it("compares with the target branch's head in a merged results pipeline", async () => {
    // There the checkout is the merge commit, so the base is the target's head, not the diff base.
    const { repo, api } = await mergeRequest(documentChange("openapi.yaml", versions.operationPastSunset, versions.operationRemoved));
    const run = await runJob(repo, api, {
      CI_MERGE_REQUEST_DIFF_BASE_SHA: "0".repeat(40),
      CI_MERGE_REQUEST_TARGET_BRANCH_SHA: repo.baseSha,
    });
    expect(run.status, run.log).toBe(0);
    expect(api.comments[0]!.body).toContain("0 breaking changes, 1 warning, 0 other changes.");
  });

  it("compares with where HEAD left a base given as the target branch's later head", async () => {
    const { repo, api } = await mergeRequest({
      ...documentChange("openapi.yaml", versions.clean, versions.optionalParameterAdded),
      baseLater: { "openapi.yaml": versions.operationWithoutConventions },
    });
    const run = await runJob(repo, api, { SIGNING_PLATFORM_BASE: repo.baseSha });
    expect(run.status, run.log).toBe(0);
    expect(run.log).toContain(`Base: ${repo.forkSha}, where HEAD left ${repo.baseSha}.`);
    expect(api.comments[0]!.body).toContain("0 breaking changes, 0 warnings, 1 other change.");
  });

  it("names the repository's document in what the base had, not the copy it took", async () => {
    const { repo, api } = await mergeRequest(documentChange("openapi.yaml", versions.clean, versions.operationRemoved));
    const run = await runJob(repo, api);
    expect(run.status, run.log).toBe(1);
    expect(run.log).toMatch(/api-path-removed-without-deprecation +DELETE \/enrollments\/\{id\} was removed.+\(openapi\.yaml:\d+:\d+\)/);
  });

  it("fails on a warning with SIGNING_PLATFORM_FAIL_ON: warning", async () => {
    const { repo, api } = await mergeRequest(documentChange("openapi.yaml", versions.operationPastSunset, versions.operationRemoved));
    const run = await runJob(repo, api, { SIGNING_PLATFORM_FAIL_ON: "warning" });
    expect(run.status, run.log).toBe(1);
    expect(run.log).toContain("has changes at or above warning against");
  });

  it("installs the CLI with npm when the PATH has none (the latest) or not the version asked for", async () => {
    const { repo, api } = await mergeRequest(documentChange("openapi.yaml", versions.clean, versions.optionalParameterAdded));
    const npm = fakeNpm(repo.root, installed.current().binDir);
    const none = await runJob(repo, api, {}, `${npm.dir}:${installed.current().pathWithout}`);
    expect(none.status, none.log).toBe(0);
    const pinned = await runJob(repo, api, { SIGNING_PLATFORM_VERSION: "9.8.7" }, `${npm.dir}:${installed.current().path}`);
    expect(pinned.status, pinned.log).toBe(0);
    const install = (version: string) =>
      new RegExp(`^install --no-audit --no-fund --prefix \\S+/signing-platform-cli @signing-platform/cli@${version}$`);
    expect(npm.calls()).toEqual([expect.stringMatching(install("latest")), expect.stringMatching(install("9\\.8\\.7"))]);
    // The entries after ran the command from where npm put it: the exported PATH.
    expect(writes(api)).toEqual([POST, expect.stringMatching(/^PUT /)]);
  });

  it("gives the verdict when no token is set, with a warning naming the variable", async () => {
    const { repo, api } = await mergeRequest(documentChange("openapi.yaml", versions.clean, versions.operationRemoved));
    const run = await runJob(repo, api, { SIGNING_PLATFORM_GITLAB_TOKEN: "" });
    expect(run.status, run.log).toBe(1);
    expect(run.log).toContain("signing-platform comment: SIGNING_PLATFORM_GITLAB_TOKEN is not set");
    expect(run.log).toContain("WARNING: the API changelog was not posted on the merge request");
    expect(api.calls).toEqual([]);
  });

  it("posts nothing with SIGNING_PLATFORM_COMMENT: false", async () => {
    const { repo, api } = await mergeRequest(documentChange("openapi.yaml", versions.clean, versions.optionalParameterAdded));
    const run = await runJob(repo, api, { SIGNING_PLATFORM_COMMENT: "false" });
    expect(run.status, run.log).toBe(0);
    expect(api.calls).toEqual([]);
  });
});

describe("the template", () => {
  const job = readTemplate(template)[JOB]!;

  it("is one job, for merge-request pipelines only", () => {
    expect(Object.keys(readTemplate(template))).toEqual([JOB]);
    expect(job.rules).toEqual([{ if: '$CI_PIPELINE_SOURCE == "merge_request_event"' }]);
  });

  it("has the variables the docs list", () => {
    expect(job.variables).toEqual({
      SIGNING_PLATFORM_DOCUMENT: "openapi.yaml",
      SIGNING_PLATFORM_BASE: "",
      SIGNING_PLATFORM_VERSION: "",
      SIGNING_PLATFORM_FAIL_ON: "breaking",
      SIGNING_PLATFORM_COMMENT: "true",
    });
  });
});
