// The CI jobs of the conformance kit's README, run as written: the GitHub Actions workflow as a
// hosted runner runs its job, the GitLab job as a runner with a bash shell does, each in a user's
// project that has the CLI and the sandbox in its lockfile (`npm ci` installs them, from npm's
// cache: the registry they were published to is gone), an `npm start` that serves an
// implementation on port 8080 and an `npm run test-token` that makes a test organization. The
// implementation is the sandbox, which keeps the contract, or the sandbox behind a proxy that
// drops every ETag, which does not. GitHub's own actions (checkout, setup-node, upload-sarif) are
// not run here: the checkout is the prepared project, and the upload reads the report the job left.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { installedPackages, type InstalledPackages, projectDependingOn } from "../support/installed-packages.js";
import { blockWith } from "../support/readme-blocks.js";
import { runGitLabJob } from "./support/gitlab-ci.js";
import { runWorkflowJob } from "./support/github-actions.js";

const README = "packages/conformance/README.md";
const PORT = 8080;

// What the user's project has beside the jobs: the sandbox as the implementation, a script that
// makes an organization with a few certificates (the kit reads resources; the public API makes
// none) and prints its token, and, for the implementation that breaks the contract, a proxy.
const TEST_TOKEN = `const base = process.env.BASE_URL;
const post = async (path, body, token) => {
  const answer = await fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: "Bearer " + token } : {}) },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(path + " answered " + answer.status);
  return answer.json();
};
const { access_token } = await post("/_sandbox/organizations", {});
await post("/_sandbox/certificates", { count: 3 }, access_token);
console.log(access_token);
`;

// A signing request of the organization whose token is the first argument, to read with --id
// (no operation of the document lists or creates one): its id.
const TEST_SIGNING_REQUEST = `const answer = await fetch(process.env.BASE_URL + "/_sandbox/signing-requests", {
  method: "POST",
  headers: { "content-type": "application/json", authorization: "Bearer " + process.argv[2] },
  body: "{}",
});
if (!answer.ok) throw new Error("/_sandbox/signing-requests answered " + answer.status);
console.log((await answer.json()).id);
`;

const WITHOUT_ETAGS = `import { createServer } from "node:http";
import { startSandbox } from "@signing-platform/sandbox";
const sandbox = await startSandbox({ port: 0 });
const HOP = new Set(["host", "content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive"]);
createServer(async (request, response) => {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !HOP.has(name)));
  const answer = await fetch(sandbox.url + request.url, {
    method: request.method,
    headers,
    body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
  });
  response.writeHead(answer.status, Object.fromEntries([...answer.headers].filter(([name]) => name !== "etag" && !HOP.has(name))));
  response.end(Buffer.from(await answer.arrayBuffer()));
}).listen(${PORT}, "127.0.0.1");
`;

let installed: InstalledPackages;
let dependencies: ReturnType<typeof projectDependingOn>;
const folders: string[] = [];

beforeAll(async () => {
  installed = await installedPackages();
  dependencies = projectDependingOn(installed, ["@signing-platform/cli", "@signing-platform/sandbox"]);
}, 600_000);

afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
}, 300_000);

/** A user's project: the manifest and lockfile of the CLI and the sandbox, its scripts, the job's file. */
function userProject(implementation: "sandbox" | "without-etags", jobFile: string, job: string): string {
  const root = mkdtempSync(join(tmpdir(), "conformance-job-"));
  folders.push(root);
  const project = join(root, "project");
  mkdirSync(join(project, ".github", "workflows"), { recursive: true });
  const scripts = {
    start: implementation === "sandbox" ? `signing-platform serve --port ${PORT}` : "node server.mjs",
    "test-token": "node test-token.mjs",
    "test-signing-request": "node test-signing-request.mjs",
  };
  writeFileSync(join(project, "package.json"), `${JSON.stringify({ ...dependencies.manifest, scripts }, null, 2)}\n`);
  writeFileSync(join(project, "package-lock.json"), `${JSON.stringify(dependencies.lockfile, null, 2)}\n`);
  writeFileSync(join(project, "test-token.mjs"), TEST_TOKEN);
  writeFileSync(join(project, "test-signing-request.mjs"), TEST_SIGNING_REQUEST);
  if (implementation === "without-etags") writeFileSync(join(project, "server.mjs"), WITHOUT_ETAGS);
  writeFileSync(join(project, jobFile), job);
  return project;
}

/** The PATH of a fresh runner: node, npm, bash and curl, and no node_modules/.bin of anyone's. */
const runnerPath = () =>
  (installed.env.PATH ?? "")
    .split(":")
    .filter((dir) => dir && !dir.includes("node_modules"))
    .join(":");

function baseEnv(): Record<string, string> {
  const env = Object.entries(installed.env).filter(
    ([name, value]) => value !== undefined && !/^(GITHUB_|GITLAB_|CI_|CI$|RUNNER_|CONFORMANCE_|BASE_URL$)/.test(name),
  );
  // The registry the lockfile names was a throwaway one: every package comes from npm's cache.
  return { ...Object.fromEntries(env as [string, string][]), npm_config_offline: "true" };
}

function portIsFree(): boolean {
  return spawnSync("bash", ["-c", `exec 3<>/dev/tcp/127.0.0.1/${PORT}`], { stdio: "ignore" }).status !== 0;
}

/** Whether the server the job started has ended within 10 s of the job (a runner ends what a job leaves). */
async function serverEnded(): Promise<boolean> {
  for (let tries = 0; tries < 100; tries++) {
    if (portIsFree()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

async function runGitHubJob(project: string) {
  let sarif: { version: string; runs: { results: { ruleId: string; message: { text: string } }[] }[] } | undefined;
  const run = await runWorkflowJob({
    workflow: join(project, ".github", "workflows", "conformance.yml"),
    job: "conformance",
    workspace: project,
    scratch: join(project, ".."),
    event: {},
    eventName: "push",
    repository: "acme/signing-api",
    apiUrl: "http://127.0.0.1:9",
    token: "ghs_jobTokenOfTheLoopbackRunner0000000002",
    path: runnerPath(),
    baseEnv: baseEnv(),
    uses: {
      "actions/checkout@v4": () => {},
      "actions/setup-node@v4": (inputs) => {
        expect(Number(inputs["node-version"])).toBeGreaterThanOrEqual(20);
      },
      "github/codeql-action/upload-sarif@v3": (inputs) => {
        sarif = JSON.parse(readFileSync(join(project, inputs.sarif_file!), "utf8"));
      },
    },
  });
  return { run, sarif };
}

describe("the GitHub Actions workflow", () => {
  const workflow = () => blockWith(README, "yaml", "# .github/workflows/conformance.yml").code;

  beforeAll(() => {
    if (!portIsFree()) throw new Error(`port ${PORT} on 127.0.0.1 is in use: the README's jobs serve on it; stop what listens there.`);
  });

  it("passes against an implementation that keeps the contract, uploads a SARIF report and masks the tokens", async () => {
    const project = userProject("sandbox", ".github/workflows/conformance.yml", workflow());
    const { run, sarif } = await runGitHubJob(project);
    expect(run.status, run.log).toBe(0);
    expect(run.steps.map((step) => step.outcome)).not.toContain("failure");
    expect(sarif?.version).toBe("2.1.0");
    expect(sarif?.runs[0]?.results).toEqual([]);
    expect(run.log).not.toMatch(/sbx_\w{8,}/);
    expect(await serverEnded(), "the server the job started ends with the job").toBe(true);
  }, 300_000);

  it("fails against one that drops ETags, and still uploads the findings", async () => {
    const project = userProject("without-etags", ".github/workflows/conformance.yml", workflow());
    const { run, sarif } = await runGitHubJob(project);
    expect(run.status, run.log).toBe(1);
    expect(run.steps.find((step) => step.name === "Conformance")?.outcome, run.log).toBe("failure");
    expect(run.steps.at(-1)).toMatchObject({ name: "github/codeql-action/upload-sarif@v3", outcome: "success" });
    expect(sarif?.runs[0]?.results.map((result) => result.ruleId)).toContain("entity-tag");
    expect(await serverEnded()).toBe(true);
  }, 300_000);
});

describe("the GitLab job", () => {
  const template = () => blockWith(README, "yaml", "# .gitlab-ci.yml").code;

  async function runJob(project: string) {
    return runGitLabJob({
      template: join(project, ".gitlab-ci.yml"),
      job: "conformance",
      projectDir: project,
      scratch: join(project, ".."),
      predefined: { CI_PIPELINE_SOURCE: "push" },
      path: runnerPath(),
      baseEnv: baseEnv(),
    });
  }

  it("passes against an implementation that keeps the contract, with a JUnit report of every check", async () => {
    const project = userProject("sandbox", ".gitlab-ci.yml", template());
    const run = await runJob(project);
    expect(run.status, run.log).toBe(0);
    const report = readFileSync(join(project, "conformance.xml"), "utf8");
    expect(report).toMatch(/<testsuites[^>]*failures="0"/);
    expect(report.match(/<testcase /g)?.length).toBeGreaterThan(20);
    expect(existsSync(join(project, "server.log"))).toBe(true);
    expect(await serverEnded()).toBe(true);
  }, 300_000);

  it("fails against one that drops ETags, with the failure in the report", async () => {
    const project = userProject("without-etags", ".gitlab-ci.yml", template());
    const run = await runJob(project);
    expect(run.status, run.log).toBe(1);
    const report = readFileSync(join(project, "conformance.xml"), "utf8");
    expect(report).toMatch(/<testcase [^>]*name="entity-tag[^"]*"[^>]*>\s*<failure/);
    expect(await serverEnded()).toBe(true);
  }, 300_000);
});
