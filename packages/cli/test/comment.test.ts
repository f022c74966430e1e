// `signing-platform comment`, the real bin in a child process against loopback GitHub and GitLab
// APIs: one comment per pull or merge request, posted once and then updated; the provider from
// the environment; unusable input in one line with exit 2, a refusing or unreachable API in one
// line with exit 1; and the token in no output, whatever the API answers.
import { spawn } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { fakeGitHub, fakeGitLab, type FakeCommentApi } from "./support/comment-apis.js";
import { bin, type CliRun, workspace } from "./support/cli.js";

const work = workspace();
afterAll(work.cleanup);

const MARKER = "<!-- signing-platform-changelog -->";
const githubToken = "ghs_loopbackTokenThatMustNeverBePrinted0001";
const gitlabToken = "glpat-loopbackTokenThatMustNeverBePrinted2";
const changelog = work.write("changelog.md", "# API changes\n\n0 breaking changes, 0 warnings, 1 other change.\n");
const event = work.write(
  "event.json",
  JSON.stringify({ action: "synchronize", pull_request: { number: 7, base: { sha: "a".repeat(40) } } }),
);

/** The environment of the job, without what the machine running the tests sets for its own CI. */
function jobEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(GITHUB_|GITLAB_|CI_|CI$|RUNNER_|SIGNING_PLATFORM_)/.test(name)),
  );
  return { ...inherited, ...extra };
}

function runComment(args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [bin, "comment", ...args], {
      cwd: work.dir,
      env: jobEnvironment(env),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", fail);
    child.on("close", (status) => {
      // Whatever happened, neither token is in what the command printed.
      expect(stdout + stderr).not.toContain(githubToken);
      expect(stdout + stderr).not.toContain(gitlabToken);
      done({ status, stdout, stderr });
    });
  });
}

const servers: FakeCommentApi[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function github(pageSize?: number) {
  const api = await fakeGitHub({ repository: "acme/signing-api", number: 7, token: githubToken, ...(pageSize ? { pageSize } : {}) });
  servers.push(api);
  const env = {
    GITHUB_ACTIONS: "true",
    GITHUB_API_URL: api.url,
    GITHUB_REPOSITORY: "acme/signing-api",
    GITHUB_EVENT_PATH: join(work.dir, event),
    GITHUB_TOKEN: githubToken,
  };
  return { api, env };
}

async function gitlab(pageSize?: number) {
  const api = await fakeGitLab({ project: "42", iid: 3, token: gitlabToken, ...(pageSize ? { pageSize } : {}) });
  servers.push(api);
  const env = {
    GITLAB_CI: "true",
    CI_API_V4_URL: api.url,
    CI_PROJECT_ID: "42",
    CI_MERGE_REQUEST_IID: "3",
    SIGNING_PLATFORM_GITLAB_TOKEN: gitlabToken,
  };
  return { api, env };
}

const writes = (api: FakeCommentApi) => api.calls.filter((call) => call.method !== "GET").map((call) => `${call.method} ${call.path}`);

function expectOneLine(run: CliRun, status: 1 | 2, pattern: RegExp) {
  expect(run.status, run.stderr).toBe(status);
  expect(run.stdout).toBe("");
  const lines = run.stderr.trimEnd().split("\n");
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^signing-platform comment: /);
  expect(lines[0]!.replace("signing-platform comment: ", "")).toMatch(pattern);
}

describe("signing-platform comment on GitHub", () => {
  it("posts the file, behind the marker, when the pull request has no such comment", async () => {
    const { api, env } = await github();
    api.comments.push({ id: 11, body: "Looks good to me." });
    const run = await runComment(["--file", changelog], env);
    expect(run.status, run.stderr).toBe(0);
    expect(writes(api)).toEqual(["POST /repos/acme/signing-api/issues/7/comments"]);
    const post = api.calls.at(-1)!;
    expect(post.body).toEqual({ body: `${MARKER}\n# API changes\n\n0 breaking changes, 0 warnings, 1 other change.\n` });
    expect(post.headers).toMatchObject({
      authorization: `Bearer ${githubToken}`,
      accept: "application/vnd.github+json",
      "x-github-api-version": "2022-11-28",
      "content-type": "application/json",
    });
    expect(post.headers["user-agent"]).toMatch(/^signing-platform\/\d+\.\d+\.\d+/);
    expect(run.stdout).toBe(
      `Posted the comment on pull request #7 of acme/signing-api: https://github.com/acme/signing-api/pull/7#issuecomment-${api.comments[1]!.id}.\n`,
    );
  });

  it("updates the comment it posted before, found on a later page, and posts no second one", async () => {
    const { api, env } = await github(2);
    api.comments.push(
      { id: 21, body: "First review." },
      { id: 22, body: `> ${MARKER}\n> quoted by a reviewer: not the one to update` },
      { id: 23, body: "Second review." },
      { id: 24, body: `${MARKER}\n# API changes\n\nthe run before` },
      { id: 25, body: "Third review." },
    );
    const run = await runComment(["--file", changelog], env);
    expect(run.status, run.stderr).toBe(0);
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "GET /repos/acme/signing-api/issues/7/comments?per_page=100",
      "GET /repos/acme/signing-api/issues/7/comments?per_page=100&page=2",
      "PATCH /repos/acme/signing-api/issues/comments/24",
    ]);
    expect(api.comments.find((comment) => comment.id === 24)!.body).toBe(
      `${MARKER}\n# API changes\n\n0 breaking changes, 0 warnings, 1 other change.\n`,
    );
    expect(api.comments.find((comment) => comment.id === 22)!.body).toMatch(/^> /);
    expect(run.stdout).toMatch(
      /^Updated the comment on pull request #7 of acme\/signing-api: https:\/\/github\.com\/\S+#issuecomment-24\.\n$/,
    );
  });

  it("runs twice: one POST, then one PATCH of the same comment", async () => {
    const { api, env } = await github();
    expect((await runComment(["--file", changelog], env)).status).toBe(0);
    expect((await runComment(["--file", changelog], env)).status).toBe(0);
    expect(writes(api)).toEqual([
      "POST /repos/acme/signing-api/issues/7/comments",
      `PATCH /repos/acme/signing-api/issues/comments/${api.comments[0]!.id}`,
    ]);
    expect(api.comments).toHaveLength(1);
  });

  it("keeps one comment per --marker", async () => {
    const { api, env } = await github();
    await runComment(["--file", changelog], env);
    await runComment(["--file", changelog, "--marker", "conformance-report"], env);
    await runComment(["--file", changelog, "--marker", "conformance-report"], env);
    expect(api.comments.map((comment) => comment.body.split("\n")[0])).toEqual([MARKER, "<!-- conformance-report -->"]);
  });

  it("reads the number of a pull request commented on (issue_comment event)", async () => {
    const { api, env } = await github();
    const issueEvent = work.write("issue-event.json", JSON.stringify({ issue: { number: 7, pull_request: { url: "…" } }, comment: {} }));
    const run = await runComment(["--file", changelog], { ...env, GITHUB_EVENT_PATH: join(work.dir, issueEvent) });
    expect(run.status, run.stderr).toBe(0);
    expect(writes(api)).toEqual(["POST /repos/acme/signing-api/issues/7/comments"]);
  });

  it("cuts a body longer than GitHub keeps at a line, and says so", async () => {
    const { api, env } = await github();
    const long = work.write("long.md", `${"- a line of the changelog, forty chars.\n".repeat(2_000)}`);
    const run = await runComment(["--file", long], env);
    expect(run.status, run.stderr).toBe(0);
    const body: string = api.calls.at(-1)!.body.body;
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(body.length).toBeGreaterThan(65_000);
    expect(body).toMatch(/chars\.\n\n\*Cut short: the whole text is longer than a comment may be; the job's log has all of it\.\*\n$/);
  });
});

describe("signing-platform comment on GitLab", () => {
  it("posts a note with PRIVATE-TOKEN, then updates it with PUT; GitLab's own notes are passed over", async () => {
    const { api, env } = await gitlab(1);
    api.comments.push({ id: 401, body: "added 1 commit", system: true }, { id: 402, body: "Please add an example." });
    const first = await runComment(["--file", changelog], env);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toBe(`Posted the comment on merge request !3 of project 42: comment ${api.comments[2]!.id}.\n`);
    const second = await runComment(["--file", changelog], env);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/^Updated the comment on merge request !3 of project 42/);
    expect(writes(api)).toEqual([
      "POST /api/v4/projects/42/merge_requests/3/notes",
      `PUT /api/v4/projects/42/merge_requests/3/notes/${api.comments[2]!.id}`,
    ]);
    expect(api.calls.every((call) => call.headers["private-token"] === gitlabToken && call.headers.authorization === undefined)).toBe(true);
    expect(api.calls[0]!.path).toBe("/api/v4/projects/42/merge_requests/3/notes?per_page=100&sort=asc&order_by=created_at");
  });

  it("takes the provider from --provider over the environment", async () => {
    const { api, env } = await gitlab();
    const run = await runComment(["--file", changelog, "--provider", "gitlab"], { ...env, GITLAB_CI: "", GITHUB_ACTIONS: "true" });
    expect(run.status, run.stderr).toBe(0);
    expect(writes(api)).toHaveLength(1);
  });
});

describe("unusable input: exit 2, one line", () => {
  const githubEnv = {
    GITHUB_ACTIONS: "true",
    GITHUB_API_URL: "http://127.0.0.1:9",
    GITHUB_REPOSITORY: "acme/signing-api",
    GITHUB_EVENT_PATH: join(work.dir, event),
    GITHUB_TOKEN: githubToken,
  };
  const gitlabEnv = {
    GITLAB_CI: "true",
    CI_API_V4_URL: "http://127.0.0.1:9/api/v4",
    CI_PROJECT_ID: "42",
    CI_MERGE_REQUEST_IID: "3",
    SIGNING_PLATFORM_GITLAB_TOKEN: gitlabToken,
  };
  const without = (env: Record<string, string>, ...names: string[]) =>
    Object.fromEntries(Object.entries(env).filter(([name]) => !names.includes(name)));
  const pushEvent = work.write("push-event.json", JSON.stringify({ ref: "refs/heads/main", before: "0".repeat(40) }));
  const notJson = work.write("not-json.json", "{ this is not json");
  const empty = work.write("empty.md", "\n  \n");

  it.each<[string, string[], Record<string, string>, RegExp]>([
    ["no --file", [], githubEnv, /^--file is required: the markdown to post\.$/],
    ["a file that is not there", ["--file", "nope.md"], githubEnv, /^nope\.md: no such file\.$/],
    ["an empty file", ["--file", empty], githubEnv, /^empty\.md: the file is empty: nothing to post\.$/],
    [
      "no CI",
      ["--file", changelog],
      without(githubEnv, "GITHUB_ACTIONS"),
      /^neither GITHUB_ACTIONS nor GITLAB_CI is true: give --provider github or --provider gitlab\.$/,
    ],
    [
      "an unknown provider",
      ["--file", changelog, "--provider", "bitbucket"],
      githubEnv,
      /^unknown provider "bitbucket": use one of github, gitlab\.$/,
    ],
    [
      "a marker that would end the HTML comment",
      ["--file", changelog, "--marker", "a--b"],
      githubEnv,
      /^--marker "a--b": use letters, digits/,
    ],
    [
      "GitHub: no repository and no token, both named",
      ["--file", changelog],
      without(githubEnv, "GITHUB_REPOSITORY", "GITHUB_TOKEN"),
      /^GITHUB_REPOSITORY is not set; GITHUB_TOKEN is not set: run it in a GitHub Actions job for a pull request/,
    ],
    ["GitHub: no event file", ["--file", changelog], without(githubEnv, "GITHUB_EVENT_PATH"), /^GITHUB_EVENT_PATH is not set: /],
    [
      "GitHub: an event that is not a pull request",
      ["--file", changelog],
      { ...githubEnv, GITHUB_EVENT_PATH: join(work.dir, pushEvent) },
      /^the event file \S+push-event\.json has no pull_request\.number: the workflow does not run for a pull request: /,
    ],
    [
      "GitHub: an event file that is not JSON",
      ["--file", changelog],
      { ...githubEnv, GITHUB_EVENT_PATH: join(work.dir, notJson) },
      /^the event file \S+not-json\.json is not JSON \(.+\): /,
    ],
    [
      "GitHub: an API URL that is not one",
      ["--file", changelog],
      { ...githubEnv, GITHUB_API_URL: "api.github.com" },
      /^GITHUB_API_URL is not an http:\/\/ or https:\/\/ URL: /,
    ],
    [
      "GitHub: a token with a line break",
      ["--file", changelog],
      { ...githubEnv, GITHUB_TOKEN: `${githubToken}\n` },
      /^GITHUB_TOKEN has a space or line break in it: /,
    ],
    [
      "GitLab: not a merge-request pipeline",
      ["--file", changelog],
      without(gitlabEnv, "CI_MERGE_REQUEST_IID"),
      /^CI_MERGE_REQUEST_IID is not set: run it in a merge-request pipeline, with SIGNING_PLATFORM_GITLAB_TOKEN set to an access token with the api scope\.$/,
    ],
    [
      "GitLab: no token",
      ["--file", changelog],
      without(gitlabEnv, "SIGNING_PLATFORM_GITLAB_TOKEN"),
      /^SIGNING_PLATFORM_GITLAB_TOKEN is not set: /,
    ],
  ])("%s", async (_name, args, env, pattern) => {
    expectOneLine(await runComment(args, env), 2, pattern);
  });
});

describe("the API refuses or cannot be reached: exit 1, one line", () => {
  it("names the call, the status and GitHub's message, and what the token needs", async () => {
    const { api, env } = await github();
    api.refuse(403, "Resource not accessible by integration");
    expectOneLine(
      await runComment(["--file", changelog], env),
      1,
      /^GitHub refused GET http:\/\/127\.0\.0\.1:\d+\/repos\/acme\/signing-api\/issues\/7\/comments\?per_page=100: 403 Resource not accessible by integration\. The token needs the pull-requests: write permission/,
    );
  });

  it("a token GitLab does not know", async () => {
    const { env } = await gitlab();
    expectOneLine(
      await runComment(["--file", changelog], { ...env, SIGNING_PLATFORM_GITLAB_TOKEN: "glpat-notTheRightOne" }),
      1,
      /^GitLab refused GET \S+\/notes\?per_page=100&sort=asc&order_by=created_at: 401 401 Unauthorized\. The token needs the api scope/,
    );
  });

  it("prints *** where an answer quotes the token", async () => {
    const { api, env } = await github();
    api.refuse(403, `the token ${githubToken} may not write here`);
    const run = await runComment(["--file", "changelog.md"], env);
    expectOneLine(run, 1, /: 403 the token \*\*\* may not write here\./);
  });

  it("an API that cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { env } = await github();
    expectOneLine(
      await runComment(["--file", changelog], { ...env, GITHUB_API_URL: `http://127.0.0.1:${port}` }),
      1,
      /^GET http:\/\/127\.0\.0\.1:\d+\/\S+ could not be reached \(ECONNREFUSED\)\.$/,
    );
  });

  it("an answer that is not JSON", async () => {
    const { api, env } = await github();
    api.answerRaw("<html>proxy error</html>", { "content-type": "text/html" });
    expectOneLine(await runComment(["--file", changelog], env), 1, /^GET \S+ answered what is not JSON\.$/);
  });

  it("a next-page link to another host is not followed with the token", async () => {
    const { api, env } = await github();
    api.answerRaw("[]", { "content-type": "application/json", link: '<https://elsewhere.example/steal?page=2>; rel="next"' });
    expectOneLine(
      await runComment(["--file", changelog], env),
      1,
      /^the API's next-page link leads to another host \(https:\/\/elsewhere\.example\): not followed with the token\.$/,
    );
    expect(api.calls).toHaveLength(1);
  });

  it("a redirect is answered, not followed with the token", async () => {
    const { api, env } = await github();
    api.refuse(301, "Moved Permanently", { location: `${api.url}/elsewhere` });
    expectOneLine(await runComment(["--file", changelog], env), 1, /^GitHub refused GET \S+: 301 Moved Permanently\.$/);
    expect(api.calls.map((call) => call.path)).toEqual(["/repos/acme/signing-api/issues/7/comments?per_page=100"]);
  });
});
