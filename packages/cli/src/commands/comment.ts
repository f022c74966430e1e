// `signing-platform comment --file <markdown>`: the file as the one comment of the pull request
// (GitHub) or merge request (GitLab) a CI job runs for, updated on every run rather than
// repeated. The GitHub Action and the GitLab template both post the API changelog with it, so
// the upsert is written once. Exit 0 posted or updated, 1 the API refused or could not be
// reached, 2 unusable input (a missing file or variable, an event that is not a pull request).
import { readFileSync } from "node:fs";
import { chooseFormat, parseCommandArguments } from "../arguments.js";
import { EXIT, type Command } from "../command.js";
import type { Environment } from "../comment/environment.js";
import { GITHUB_DEFAULT_API_URL, githubThread } from "../comment/github.js";
import { GITLAB_TOKEN_VARIABLE, gitlabThread } from "../comment/gitlab.js";
import { CommentApiError, PROVIDERS, type Provider } from "../comment/thread.js";
import { DEFAULT_MARKER, upsertComment } from "../comment/upsert.js";
import { UnusableInputError } from "@signing-platform/contract/input";

/** GitHub Actions sets GITHUB_ACTIONS=true, GitLab CI sets GITLAB_CI=true. */
export function detectProvider(env: Environment): Provider {
  if (env.GITHUB_ACTIONS === "true") return "github";
  if (env.GITLAB_CI === "true") return "gitlab";
  throw new UnusableInputError("neither GITHUB_ACTIONS nor GITLAB_CI is true: give --provider github or --provider gitlab.");
}

function readMarkdown(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new UnusableInputError(
      `${file}: ${code === "ENOENT" ? "no such file" : `cannot be read (${code ?? (error as Error).message})`}.`,
    );
  }
  if (text.trim() === "") throw new UnusableInputError(`${file}: the file is empty: nothing to post.`);
  return text;
}

function checkMarker(marker: string): string {
  // It goes inside <!-- -->, where "--" would end the comment early.
  if (!/^[A-Za-z0-9]+(?:[._:-][A-Za-z0-9]+)*$/.test(marker))
    throw new UnusableInputError(`--marker "${marker}": use letters, digits and single . _ : - between them.`);
  return marker;
}

export const comment: Command = {
  name: "comment",
  summary: "Post a markdown file as the one comment of a pull or merge request, updated on every run.",
  usage: `Usage: signing-platform comment --file <markdown> [--provider ${PROVIDERS.join("|")}] [--token T] [--marker NAME]

Posts the file as a comment on the pull request (GitHub) or merge request (GitLab) the CI job
runs for, or replaces the comment posted before: the one whose body starts with the hidden
marker <!-- NAME -->. A pull request keeps one such comment, showing the latest run.

  --file F       the markdown to post
  --provider P   github or gitlab (default: github when GITHUB_ACTIONS=true, gitlab when GITLAB_CI=true)
  --token T      the token; the variable below is better, as it stays out of the process list
  --marker NAME  the marker that finds the comment again (default ${DEFAULT_MARKER})

GitHub: GITHUB_API_URL (default ${GITHUB_DEFAULT_API_URL}), GITHUB_REPOSITORY, the pull
request's number from the event file GITHUB_EVENT_PATH, the token in GITHUB_TOKEN (it needs
pull-requests: write).
GitLab: CI_API_V4_URL, CI_PROJECT_ID, CI_MERGE_REQUEST_IID, the token in
${GITLAB_TOKEN_VARIABLE} (an access token with the api scope), sent as PRIVATE-TOKEN.

Exit status: 0 posted or updated, 1 the API refused or could not be reached, 2 unusable input
(a missing file or variable, an event that is not a pull request). The token is never printed.
`,
  async run(args, io) {
    const { values } = parseCommandArguments(
      args,
      { file: { type: "string" }, provider: { type: "string" }, token: { type: "string" }, marker: { type: "string" } },
      { min: 0, max: 0, names: "no file name without --file" },
    );
    if (values.file === undefined) throw new UnusableInputError("--file is required: the markdown to post.");
    const provider =
      values.provider === undefined ? detectProvider(process.env) : chooseFormat(values.provider, PROVIDERS, "github", "provider");
    const marker = checkMarker(values.marker ?? DEFAULT_MARKER);
    const text = readMarkdown(values.file);
    const thread = provider === "github" ? githubThread(process.env, values.token) : gitlabThread(process.env, values.token);
    // Whatever a message quotes (an API's answer, a URL), the token is not printed.
    const redact = (line: string) => line.replaceAll(thread.token, "***");
    try {
      const done = await upsertComment(thread, text, marker);
      io.stdout.write(
        redact(`${done.action === "posted" ? "Posted" : "Updated"} the comment on ${thread.name}: ${done.url ?? `comment ${done.id}`}.\n`),
      );
      return EXIT.ok;
    } catch (error) {
      if (error instanceof CommentApiError) {
        io.stderr.write(`signing-platform comment: ${redact(error.message)}\n`);
        return EXIT.failed;
      }
      if (error instanceof Error) error.message = redact(error.message);
      throw error;
    }
  },
};
