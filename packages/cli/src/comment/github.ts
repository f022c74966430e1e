// The comments of a GitHub pull request, through the issues API (a pull request is an issue
// there): GET and POST /repos/{owner}/{repo}/issues/{number}/comments, PATCH
// /repos/{owner}/{repo}/issues/comments/{id}. Read from what GitHub Actions sets: GITHUB_API_URL,
// GITHUB_REPOSITORY, the event file GITHUB_EVENT_PATH, and GITHUB_TOKEN.
import { readFileSync } from "node:fs";
import { version } from "../version.js";
import { checkToken, VariableCheck, type Environment } from "./environment.js";
import { baseUrl, type CommentThread } from "./thread.js";

export const GITHUB_DEFAULT_API_URL = "https://api.github.com";
/** GitHub refuses a longer comment body ("body is too long (maximum is 65536 characters)"). */
const GITHUB_MAX_BODY = 65_536;

/**
 * The pull request number of a GitHub Actions event: `pull_request.number` (pull_request and
 * pull_request_target events), or `issue.number` of a comment on a pull request. A problem is
 * a phrase for the caller's one line.
 */
export function pullRequestNumber(eventText: string): number | { problem: string } {
  let event: unknown;
  try {
    event = JSON.parse(eventText);
  } catch (error) {
    return { problem: `is not JSON (${(error as Error).message.split("\n")[0]})` };
  }
  const record = (value: unknown) => (typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined);
  const pullRequest = record(record(event)?.pull_request);
  const issue = record(record(event)?.issue);
  const number = pullRequest ? pullRequest.number : issue?.pull_request ? issue.number : undefined;
  if (typeof number === "number" && Number.isSafeInteger(number) && number > 0) return number;
  return { problem: "has no pull_request.number: the workflow does not run for a pull request" };
}

export function githubThread(env: Environment, token: string | undefined): CommentThread {
  const check = new VariableCheck("run it in a GitHub Actions job for a pull request, with the token in GITHUB_TOKEN.");
  const api = baseUrl(env.GITHUB_API_URL ?? GITHUB_DEFAULT_API_URL);
  if (!api) check.unusable("GITHUB_API_URL is not an http:// or https:// URL");
  const repository = check.required("GITHUB_REPOSITORY", env.GITHUB_REPOSITORY);
  if (repository && !/^[\w.-]+\/[\w.-]+$/.test(repository)) check.unusable(`GITHUB_REPOSITORY is not owner/name: "${repository}"`);
  const eventPath = check.required("GITHUB_EVENT_PATH", env.GITHUB_EVENT_PATH);
  let number = 0;
  if (eventPath) {
    let text: string | undefined;
    try {
      text = readFileSync(eventPath, "utf8");
    } catch {
      check.unusable(`GITHUB_EVENT_PATH names a file that cannot be read: ${eventPath}`);
    }
    if (text !== undefined) {
      const found = pullRequestNumber(text);
      if (typeof found === "number") number = found;
      else check.unusable(`the event file ${eventPath} ${found.problem}`);
    }
  }
  const secret = checkToken(check, token === undefined ? "GITHUB_TOKEN" : "--token", token ?? env.GITHUB_TOKEN);
  check.done();
  const issue = `${api}/repos/${repository}/issues`;
  return {
    provider: "github",
    name: `pull request #${number} of ${repository}`,
    origin: new URL(api!).origin,
    listUrl: `${issue}/${number}/comments?per_page=100`,
    postUrl: `${issue}/${number}/comments`,
    commentUrl: (id) => `${issue}/comments/${id}`,
    updateMethod: "PATCH",
    headers: {
      accept: "application/vnd.github+json",
      authorization: `Bearer ${secret}`,
      "user-agent": `signing-platform/${version()}`,
      "x-github-api-version": "2022-11-28",
    },
    token: secret,
    maxBodyLength: GITHUB_MAX_BODY,
  };
}
