// The GitHub Action users copy (packages/cli/integrations/github/action.yml), run as a runner
// runs it: its steps with their inputs and expressions, in a shallow checkout of a scratch
// repository with a base and a head commit of an OpenAPI document, with the installed
// `signing-platform` first on the PATH, against a loopback GitHub issues-comments API. The
// verdict is the job's exit status; the changelog is one comment, posted and then updated.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fakeGitHub, type FakeCommentApi } from "../../packages/cli/test/support/comment-apis.js";
import { requiredPropertyAdded, splitDocument, versions } from "./support/documents.js";
import { fakeNpm } from "./support/fake-npm.js";
import { readAction, runCompositeAction, type ActionRun } from "./support/github-actions.js";
import { useCleanups, useInstalledCli } from "./support/installed-cli.js";
import {
  documentChange,
  type Files,
  jobEnvironment,
  hasCommit,
  scratchRepository,
  type ScratchRepository,
} from "./support/scratch-repository.js";

const actionPath = fileURLToPath(new URL("../../packages/cli/integrations/github", import.meta.url));
const MARKER = "<!-- signing-platform-changelog -->";
const repository = "acme/signing-api";
const token = "ghs_jobTokenOfTheLoopbackRunner0000000001";

const installed = useInstalledCli();
const cleanUpAfter = useCleanups();

async function pullRequest(files: { base: Files; head: Files; baseLater?: Files }) {
  const repo = scratchRepository(files);
  const api = await fakeGitHub({ repository, number: 7, token });
  cleanUpAfter(repo.cleanup, api.close);
  return { repo, api };
}

let runs = 0;
/** The action, as `uses:` runs it in a workflow on pull_request. */
function runAction(
  repo: ScratchRepository,
  api: FakeCommentApi,
  inputs: Record<string, string> = {},
  path = installed.current().path,
): Promise<ActionRun> {
  return runCompositeAction({
    actionPath,
    workspace: repo.checkout,
    scratch: join(repo.root, `run-${++runs}`),
    with: inputs,
    event: {
      action: "synchronize",
      number: 7,
      pull_request: { number: 7, base: { sha: repo.baseSha, ref: "main" }, head: { sha: repo.headSha, ref: "change" } },
    },
    repository,
    apiUrl: api.url,
    token,
    path,
    baseEnv: jobEnvironment(),
  });
}

const writes = (api: FakeCommentApi) => api.calls.filter((call) => call.method !== "GET").map((call) => `${call.method} ${call.path}`);
const POST = "POST /repos/acme/signing-api/issues/7/comments";

function expectUsedTheInstalledCli(run: ActionRun) {
  expect(run.log).toMatch(/signing-platform \d+\.\d+\.\d+\S* is on the PATH\./);
  expect(run.log).not.toMatch(/npm install|added \d+ packages/);
}

// Each test has a repository, an API and a runner of its own: they run side by side.
describe.concurrent("the GitHub Action", () => {
  it("passes a change that breaks nothing and posts the changelog as one comment", async () => {
    const { repo, api } = await pullRequest(documentChange("openapi.yaml", versions.clean, versions.optionalParameterAdded));
    expect(hasCommit(repo.checkout, repo.baseSha)).toBe(false);
    const run = await runAction(repo, api);
    expect(run.status, run.log).toBe(0);
    expectUsedTheInstalledCli(run);
    expect(hasCommit(repo.checkout, repo.baseSha)).toBe(true);
    expect(run.steps.map((step) => `${step.name}: ${step.outcome}`)).toEqual([
      "Install signing-platform: success",
      "The document at the base: success",
      "Lint: success",
      "Compare with the base: success",
      "The API changelog: success",
      "Comment on the pull request: success",
      "Verdict: success",
    ]);
    expect(run.log).toContain("::notice file=openapi.yaml,line=");
    expect(run.log).toContain(
      "title=API change%3A new-optional-request-parameter::GET /certificates: an optional query parameter `q` was added.",
    );
    expect(writes(api)).toEqual([POST]);
    const body = api.comments[0]!.body;
    expect(body.startsWith(`${MARKER}\n# API changes from `)).toBe(true);
    expect(body).toContain("0 breaking changes, 0 warnings, 1 other change.");
    expect(body).toContain("`new-optional-request-parameter`");
    expect(api.calls.every((call) => call.headers.authorization === `Bearer ${token}`)).toBe(true);
    expect(run.outputs.changelog).toMatch(/api-changes\.md$/);
    expect(run.summary).toContain("`new-optional-request-parameter`");
    expect(run.log).not.toContain(token);
  });

  it("updates that comment on the next run instead of posting a second one", async () => {
    const { repo, api } = await pullRequest(documentChange("openapi.yaml", versions.clean, versions.optionalParameterAdded));
    expect((await runAction(repo, api)).status).toBe(0);
    const second = await runAction(repo, api);
    expect(second.status, second.log).toBe(0);
    expect(writes(api)).toEqual([POST, `PATCH /repos/acme/signing-api/issues/comments/${api.comments[0]!.id}`]);
    expect(api.comments).toHaveLength(1);
    expect(second.log).toMatch(
      /Updated the comment on pull request #7 of acme\/signing-api: https:\/\/github\.com\/\S+#issuecomment-\d+\./,
    );
  });

  it("fails on a breaking change with exit 1, after posting the comment", async () => {
    const { repo, api } = await pullRequest(documentChange("openapi.yaml", versions.clean, versions.operationRemoved));
    const run = await runAction(repo, api);
    expect(run.status, run.log).toBe(1);
    // What the base had is annotated on the repository's document, not on the copy the action took of it.
    expect(run.log).toMatch(
      /::error file=openapi\.yaml,line=\d+,col=\d+,title=Breaking change%3A api-path-removed-without-deprecation::DELETE \/enrollments\/\{id\} was removed/,
    );
    expect(writes(api)).toEqual([POST]);
    // The other change is the versioning policy's note: a breaking change under the same info.version.
    expect(api.comments[0]!.body).toContain("1 breaking change, 0 warnings, 1 other change.");
    expect(api.comments[0]!.body).toContain("- **breaking** `api-path-removed-without-deprecation`");
    expect(api.comments[0]!.body).toContain("- info `api-version-not-bumped`");
    expect(run.steps.at(-1)).toMatchObject({ name: "Verdict", outcome: "failure", status: 1 });
    expect(run.log).toContain("::error::openapi.yaml has breaking changes against the base: see the changelog.");
    expect(run.log.indexOf("Posted the comment")).toBeLessThan(run.log.indexOf("::error::openapi.yaml has breaking changes"));
  });

  it("fails on a lint error with exit 1, annotating it, after posting the comment", async () => {
    const { repo, api } = await pullRequest(documentChange("openapi.yaml", versions.clean, versions.operationWithoutConventions));
    const run = await runAction(repo, api);
    expect(run.status, run.log).toBe(1);
    expect(run.log).toMatch(
      /::error title=signing-platform-standard-response-headers,file=openapi\.yaml,col=\d+,endColumn=\d+,line=\d+,endLine=\d+::The 200 response of GET \/status does not declare the Request-Id header/,
    );
    expect(writes(api)).toEqual([POST]);
    expect(api.comments[0]!.body).toContain("`endpoint-added`: GET /status was added.");
    expect(run.log).toContain("::error::openapi.yaml breaks the conventions: see the lint errors.");
    expect(run.log).not.toContain("has breaking changes");
  });

  it("compares with where the pull request's branch left its base, not with what the base gained since", async () => {
    const { repo, api } = await pullRequest({
      ...documentChange("openapi.yaml", versions.clean, versions.optionalParameterAdded),
      baseLater: { "openapi.yaml": versions.operationWithoutConventions },
    });
    // A checkout of the pull request's head (actions/checkout with ref: the head's sha), whose base branch has moved on.
    const run = await runAction(repo, api);
    expect(run.status, run.log).toBe(0);
    expect(run.log).toContain(`Base: ${repo.forkSha}, where HEAD left ${repo.baseSha}.`);
    expect(api.comments[0]!.body).toContain("0 breaking changes, 0 warnings, 1 other change.");
    expect(api.comments[0]!.body).not.toContain("GET /status");
  });

  it("takes a document that is not at the base as all new", async () => {
    const { repo, api } = await pullRequest(documentChange("api/openapi.yaml", undefined, versions.clean));
    const run = await runAction(repo, api, { document: "api/openapi.yaml" });
    expect(run.status, run.log).toBe(0);
    expect(run.log).toContain(`api/openapi.yaml is not in ${repo.baseSha}: everything in it is new.`);
    const body = api.comments[0]!.body;
    expect(body).toContain("0 breaking changes, 0 warnings, 5 other changes.");
    expect(body.match(/`endpoint-added`/g)).toHaveLength(4);
    expect(body).toContain("`webhook-added`");
  });

  it("reads a document split over files at the base too, and finds the change in the file it refers to", async () => {
    const { repo, api } = await pullRequest({ base: splitDocument("api"), head: splitDocument("api", requiredPropertyAdded) });
    const run = await runAction(repo, api, { document: "api/openapi.yaml" });
    expect(run.status, run.log).toBe(1);
    expect(run.log).toMatch(
      /::error file=api\/schemas\/enrollment\.yaml,line=\d+,col=\d+,title=Breaking change%3A new-required-request-property::/,
    );
    expect(api.comments[0]!.body).toContain("`new-required-request-property`");
  });

  it("fails on a warning with fail-on: warning, and passes it by default", async () => {
    const { repo, api } = await pullRequest(documentChange("openapi.yaml", versions.operationPastSunset, versions.operationRemoved));
    const byDefault = await runAction(repo, api);
    expect(byDefault.status, byDefault.log).toBe(0);
    expect(byDefault.log).toContain("title=API warning%3A api-path-removed-with-deprecation");
    const strict = await runAction(repo, api, { "fail-on": "warning" });
    expect(strict.status, strict.log).toBe(1);
    expect(strict.log).toContain("::error::openapi.yaml has breaking changes or warnings against the base: see the changelog.");
    expect(api.comments).toHaveLength(1);
    expect(api.comments[0]!.body).toContain("0 breaking changes, 1 warning, 0 other changes.");
  });

  it("installs the CLI with npm when the PATH has not got the version: by default the action's own", async () => {
    const { repo, api } = await pullRequest(documentChange("openapi.yaml", versions.clean, versions.optionalParameterAdded));
    const npm = fakeNpm(repo.root, installed.current().binDir);
    const own = JSON.parse(readFileSync(join(actionPath, "..", "..", "package.json"), "utf8")).version;
    const byDefault = await runAction(repo, api, {}, `${npm.dir}:${installed.current().pathWithout}`);
    expect(byDefault.status, byDefault.log).toBe(0);
    const pinned = await runAction(repo, api, { version: "9.8.7" }, `${npm.dir}:${installed.current().path}`);
    expect(pinned.status, pinned.log).toBe(0);
    const install = (version: string) =>
      new RegExp(`^install --no-audit --no-fund --prefix \\S+/runner/temp/signing-platform-cli @signing-platform/cli@${version}$`);
    expect(npm.calls()).toEqual([expect.stringMatching(install(own)), expect.stringMatching(install("9\\.8\\.7"))]);
    // The steps after ran the command from where npm put it: GITHUB_PATH.
    expect(writes(api)).toEqual([POST, expect.stringMatching(/^PATCH /)]);
  });

  it("gives the verdict when the comment cannot be written (a fork's read-only token), with a warning", async () => {
    const { repo, api } = await pullRequest(documentChange("openapi.yaml", versions.clean, versions.optionalParameterAdded));
    api.refuse(403, "Resource not accessible by integration");
    const run = await runAction(repo, api);
    expect(run.status, run.log).toBe(0);
    expect(run.log).toContain("403 Resource not accessible by integration");
    expect(run.log).toContain("::warning::The API changelog was not posted on the pull request");
  });

  it("posts nothing with comment: false", async () => {
    const { repo, api } = await pullRequest(documentChange("openapi.yaml", versions.clean, versions.operationRemoved));
    const run = await runAction(repo, api, { comment: "false" });
    expect(run.status).toBe(1);
    expect(run.steps.find((step) => step.name === "Comment on the pull request")!.outcome).toBe("skipped");
    expect(api.calls).toEqual([]);
  });

  it("stops with exit 2 and no comment when the document is not there", async () => {
    const { repo, api } = await pullRequest(documentChange("openapi.yaml", versions.clean, versions.optionalParameterAdded));
    const run = await runAction(repo, api, { document: "opneapi.yaml" });
    expect(run.status, run.log).toBe(2);
    expect(run.log).toContain("signing-platform lint: opneapi.yaml: no such file.");
    expect(api.calls).toEqual([]);
  });
});

describe("action.yml", () => {
  const action = readAction(actionPath);
  const steps = action.runs.steps;
  const text = (value: unknown) => JSON.stringify(value);

  it("is a composite action whose run steps all say their shell", () => {
    expect(action.runs.using).toBe("composite");
    expect(steps.filter((step) => step.run !== undefined && step.shell !== "bash")).toEqual([]);
  });

  it("has the inputs the docs list, each described", () => {
    expect(Object.keys(action.inputs)).toEqual(["document", "base", "version", "fail-on", "token", "comment"]);
    expect(action.inputs.document!.default).toBe("openapi.yaml");
    expect(action.inputs.base!.default).toBe("${{ github.event.pull_request.base.sha }}");
    expect(action.inputs.token!.default).toBe("${{ github.token }}");
    expect(action.inputs.comment!.default).toBe("true");
    for (const input of Object.values(action.inputs)) expect(input.description.length).toBeGreaterThan(20);
  });

  it("passes inputs to scripts through env, never by writing ${{ }} into a script", () => {
    // An expression in a script is pasted in as text: a document path with a quote in it would run as code.
    expect(steps.filter((step) => step.run?.includes("${{"))).toEqual([]);
  });

  it("refers only to steps that come before", () => {
    steps.forEach((step, index) => {
      const earlier = new Set(steps.slice(0, index).map((before) => before.id));
      for (const [, id] of text(step).matchAll(/steps\.([\w-]+)\./g)) expect(earlier.has(id), `${step.name} reads steps.${id}`).toBe(true);
    });
  });
});
