// Runs a job of a GitLab CI template the way a runner with a bash shell does, on this machine:
// the job's `variables:` under the project's own (a CI/CD variable set in the project's settings
// wins over the template), GitLab's predefined variables of a merge-request pipeline, and the
// `script:` entries in one bash session with `set -eo pipefail`, so a variable or an exported
// PATH of one entry is there in the next, and the first entry that fails ends the job.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import YAML from "yaml";
import { killGroup } from "./github-actions.js";

export interface GitLabJob {
  stage?: string;
  image?: string;
  rules?: Array<{ if?: string; when?: string }>;
  variables?: Record<string, string>;
  script: string[];
  artifacts?: { when?: string; paths?: string[]; reports?: Record<string, string> };
}

export function readTemplate(file: string): Record<string, GitLabJob> {
  return YAML.parse(readFileSync(file, "utf8")) as Record<string, GitLabJob>;
}

export interface JobRunOptions {
  template: string;
  job: string;
  /** The checkout: CI_PROJECT_DIR, where the script runs. */
  projectDir: string;
  /** A folder of this run's own, for the runner's files and TMPDIR. */
  scratch: string;
  /** Predefined variables of the pipeline (CI_MERGE_REQUEST_IID, CI_API_V4_URL, …). */
  predefined: Record<string, string>;
  /** Variables set in the project's settings, over the template's. */
  project?: Record<string, string>;
  path: string;
  baseEnv: Record<string, string>;
}

export interface JobRun {
  status: number;
  log: string;
}

export async function runGitLabJob(options: JobRunOptions): Promise<JobRun> {
  const job = readTemplate(options.template)[options.job];
  if (!job) throw new Error(`the template has no job ${options.job}`);
  const runner = join(options.scratch, "runner");
  const tmp = join(runner, "tmp");
  mkdirSync(tmp, { recursive: true });
  // As the runner writes it: each entry echoed as `$ <its first line>`, then run.
  const script = [
    "set -eo pipefail",
    ...job.script.map((entry) => `echo '$ ${entry.split("\n")[0]!.replace(/'/g, "'\\''")}'\n${entry}`),
  ].join("\n");
  const file = join(runner, "script.sh");
  writeFileSync(file, script);
  const env = {
    ...options.baseEnv,
    PATH: options.path,
    TMPDIR: tmp,
    CI: "true",
    GITLAB_CI: "true",
    CI_PROJECT_DIR: options.projectDir,
    CI_PIPELINE_SOURCE: "merge_request_event",
    ...options.predefined,
    ...job.variables,
    ...options.project,
  };
  return new Promise((resolve, reject) => {
    // A group of its own, so that what the script starts in the background ends with the job.
    const child = spawn("bash", ["--noprofile", "--norc", file], {
      cwd: options.projectDir,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let log = "";
    child.stdout.on("data", (chunk) => (log += chunk));
    child.stderr.on("data", (chunk) => (log += chunk));
    child.on("error", reject);
    child.on("close", (status) => {
      if (child.pid) killGroup(child.pid);
      resolve({ status: status ?? 1, log });
    });
  });
}
