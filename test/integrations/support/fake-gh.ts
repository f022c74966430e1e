// A `gh` that keeps pull requests in a file instead of on GitHub, for the steps that open or
// update one: `gh pr list --head --base --state open --json number --jq '.[0].number'`,
// `gh pr create --head --base --title --body-file` and `gh pr edit <number> --title --body-file`,
// answering as gh does (the new pull request's URL; an empty line when none is open), and
// refusing as gh does in a workflow when GH_TOKEN is not the token it was given. Each call is
// recorded without the token.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface FakePullRequest {
  number: number;
  head: string;
  base: string;
  title: string;
  body: string;
}

export interface FakeGh {
  /** The folder of the `gh` script, for PATH. */
  dir: string;
  /** Each call's arguments after `gh`, one line per call. */
  calls(): string[];
  pullRequests(): FakePullRequest[];
}

const script = (state: string, log: string, repository: string, token: string) => `#!/usr/bin/env node
const { appendFileSync, readFileSync, writeFileSync } = require("node:fs");
const args = process.argv.slice(2);
appendFileSync(${JSON.stringify(log)}, args.join(" ") + "\\n");
if (process.env.GH_TOKEN !== ${JSON.stringify(token)}) {
  process.stderr.write("gh: To use GitHub CLI in a GitHub Actions workflow, set the GH_TOKEN environment variable.\\n");
  process.exit(4);
}
if (process.env.GH_REPO !== ${JSON.stringify(repository)}) {
  process.stderr.write("GraphQL: Could not resolve to a Repository with the name '" + process.env.GH_REPO + "'.\\n");
  process.exit(1);
}
const option = (name) => args[args.indexOf(name) + 1];
const prs = JSON.parse(readFileSync(${JSON.stringify(state)}, "utf8"));
const save = () => writeFileSync(${JSON.stringify(state)}, JSON.stringify(prs));
const url = (number) => "https://github.com/${repository}/pull/" + number;
const [group, command] = args;
if (group !== "pr") process.exit(1);
if (command === "list") {
  const open = prs.filter((pr) => pr.head === option("--head") && pr.base === option("--base"));
  process.stdout.write((open[0] ? String(open[0].number) : "") + "\\n");
} else if (command === "create") {
  const pr = { number: prs.length + 1, head: option("--head"), base: option("--base"), title: option("--title"), body: readFileSync(option("--body-file"), "utf8") };
  prs.push(pr);
  save();
  process.stdout.write(url(pr.number) + "\\n");
} else if (command === "edit") {
  const pr = prs.find((each) => each.number === Number(args[2]));
  if (!pr) { process.stderr.write("GraphQL: Could not resolve to a PullRequest with the number of " + args[2] + ".\\n"); process.exit(1); }
  Object.assign(pr, { title: option("--title"), body: readFileSync(option("--body-file"), "utf8") });
  save();
  process.stdout.write(url(pr.number) + "\\n");
} else process.exit(1);
`;

export function fakeGh(scratch: string, repository: string, token: string): FakeGh {
  const dir = join(scratch, "fake-gh");
  const state = join(dir, "pull-requests.json");
  const log = join(dir, "calls.log");
  mkdirSync(dir, { recursive: true });
  writeFileSync(state, "[]");
  writeFileSync(log, "");
  writeFileSync(join(dir, "gh"), script(state, log, repository, token));
  chmodSync(join(dir, "gh"), 0o755);
  return {
    dir,
    calls: () => readFileSync(log, "utf8").split("\n").filter(Boolean),
    pullRequests: () => JSON.parse(readFileSync(state, "utf8")) as FakePullRequest[],
  };
}
