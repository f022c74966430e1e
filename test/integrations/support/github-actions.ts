// Runs a composite action's steps the way a GitHub-hosted runner does, on this machine: inputs
// from `with:` over their defaults (which are expressions themselves), each step's `if:`, `env:`
// and `run:` evaluated against the github, inputs, steps, env and runner contexts, the script run
// with `bash --noprofile --norc -eo pipefail` (GitHub's `shell: bash`) in the workspace, the
// step's GITHUB_OUTPUT read into steps.<id>.outputs and its GITHUB_PATH put before the PATH of
// the steps after it, and the environment GitHub Actions sets: GITHUB_ACTIONS, GITHUB_EVENT_PATH,
// GITHUB_REPOSITORY, GITHUB_API_URL, RUNNER_TEMP, GITHUB_ACTION_PATH and the rest.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import YAML from "yaml";
import { condition, substitute, type ExpressionContext, type Value } from "./github-expressions.js";

export interface ActionStep {
  id?: string;
  name?: string;
  if?: string;
  shell?: string;
  env?: Record<string, string>;
  run?: string;
  uses?: string;
  with?: Record<string, string>;
}

export interface ActionDefinition {
  name: string;
  description: string;
  inputs: Record<string, { description: string; default?: string; required?: boolean }>;
  outputs?: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

export function readAction(folder: string): ActionDefinition {
  return YAML.parse(readFileSync(join(folder, "action.yml"), "utf8")) as ActionDefinition;
}

export interface ActionRunOptions {
  /** The folder of action.yml: GITHUB_ACTION_PATH. */
  actionPath: string;
  /** The checkout: GITHUB_WORKSPACE, where the steps run. */
  workspace: string;
  /** A folder of this run's own: RUNNER_TEMP and the runner's files live here. */
  scratch: string;
  /** `with:` of the workflow step. */
  with?: Record<string, string>;
  event: { [key: string]: Value };
  eventName?: string;
  repository: string;
  apiUrl: string;
  /** The job's token, `github.token`. */
  token: string;
  /** The PATH the job starts with. */
  path: string;
  /** Variables of the machine the job runs on (HOME and so on). */
  baseEnv: Record<string, string>;
}

export interface StepResult {
  name: string;
  outcome: "success" | "failure" | "skipped";
  status: number | null;
  outputs: Record<string, string>;
}

export interface ActionRun {
  /** The job's verdict: the exit status of the first step that failed, or 0. */
  status: number;
  /** Everything the steps printed, in order, with a line naming each step. */
  log: string;
  steps: StepResult[];
  outputs: Record<string, string>;
  summary: string;
}

/** GITHUB_OUTPUT's two forms: `name=value` and `name<<DELIMITER` … `DELIMITER`. */
function readOutputs(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const outputs: Record<string, string> = {};
  const lines = readFileSync(file, "utf8").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      outputs[heredoc[1]!] = lines.slice(i + 1, end).join("\n");
      i = end;
    } else if (line.includes("=")) outputs[line.slice(0, line.indexOf("="))] = line.slice(line.indexOf("=") + 1);
  }
  return outputs;
}

function bash(
  script: string,
  cwd: string,
  env: Record<string, string>,
  groups: number[],
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // A group of its own, so that what the step starts in the background can be ended with the job.
    const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    if (child.pid) groups.push(child.pid);
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, output }));
  });
}

export async function runCompositeAction(options: ActionRunOptions): Promise<ActionRun> {
  const action = readAction(options.actionPath);
  if (action.runs.using !== "composite") throw new Error(`not a composite action: runs.using is ${action.runs.using}`);
  for (const step of action.runs.steps)
    if (step.run !== undefined && step.shell !== "bash")
      throw new Error(`${step.name ?? step.id}: a composite action's run step needs shell: bash (it has ${step.shell ?? "none"})`);
  const runner = prepareRunner(options.scratch);
  const steps: Record<string, Value> = {};
  const github: Value = { ...githubContext(options, "pull_request"), action_path: options.actionPath };
  const context: ExpressionContext = {
    contexts: { github, steps, runner: { temp: runner.temp, os: "Linux" }, env: {}, inputs: {} },
    inputNames: new Set(Object.keys(action.inputs)),
    failed: false,
  };
  const inputs: Record<string, Value> = {};
  for (const [name, input] of Object.entries(action.inputs))
    inputs[name] = options.with?.[name] ?? (input.default === undefined ? "" : substitute(String(input.default), context));
  for (const name of Object.keys(options.with ?? {})) if (!(name in action.inputs)) throw new Error(`the action has no input "${name}"`);
  context.contexts.inputs = inputs;

  const env = { ...runnerEnvironment(options, runner, github), GITHUB_ACTION_PATH: options.actionPath };
  const ran = await runSteps(action.runs.steps, { context, env, runner, workspace: options.workspace, path: options.path });
  const outputs = Object.fromEntries(Object.entries(action.outputs ?? {}).map(([key, output]) => [key, substitute(output.value, context)]));
  return { ...ran, outputs };
}

export interface WorkflowJob {
  "runs-on"?: string;
  env?: Record<string, string>;
  steps: ActionStep[];
}

export interface WorkflowRunOptions extends Omit<ActionRunOptions, "actionPath" | "with"> {
  /** The workflow file, as committed under .github/workflows/. */
  workflow: string;
  job: string;
  /** The repository's secrets: `secrets.NAME`. */
  secrets?: Record<string, string>;
  /**
   * What each `uses:` step does here, by the action it names (`actions/checkout@v4`): GitHub's
   * own actions are not run on this machine, so a test says what stands in for each (the checkout
   * is the workspace it prepared) and what it checks of the ones that read the job's files.
   */
  uses: Record<string, (inputs: Record<string, string>) => void | Promise<void>>;
}

/** A job of a workflow, as a GitHub-hosted runner runs it: its `env:`, then each step in order. */
export async function runWorkflowJob(options: WorkflowRunOptions): Promise<ActionRun> {
  const workflow = YAML.parse(readFileSync(options.workflow, "utf8")) as { jobs: Record<string, WorkflowJob> };
  const job = workflow.jobs[options.job];
  if (!job) throw new Error(`the workflow has no job ${options.job}`);
  const runner = prepareRunner(options.scratch);
  const github = githubContext(options, "push");
  const context: ExpressionContext = {
    contexts: { github, steps: {}, runner: { temp: runner.temp, os: "Linux" }, env: {}, secrets: options.secrets ?? {} },
    inputNames: new Set(),
    failed: false,
  };
  const jobEnv = Object.fromEntries(Object.entries(job.env ?? {}).map(([key, value]) => [key, substitute(String(value), context)]));
  context.contexts.env = jobEnv;
  const env = { ...runnerEnvironment(options, runner, github), ...jobEnv };
  const ran = await runSteps(job.steps, { context, env, runner, workspace: options.workspace, path: options.path, uses: options.uses });
  return { ...ran, outputs: {} };
}

/** The `github` context of a job: its event, repository, API, token and workspace. */
function githubContext(
  options: Pick<ActionRunOptions, "event" | "eventName" | "repository" | "apiUrl" | "token" | "workspace">,
  defaultEventName: string,
): { [key: string]: Value } {
  return {
    event: options.event,
    event_name: options.eventName ?? defaultEventName,
    repository: options.repository,
    api_url: options.apiUrl,
    token: options.token,
    workspace: options.workspace,
  };
}

interface Runner {
  folder: string;
  temp: string;
  eventPath: string;
  summaryFile: string;
}

function prepareRunner(scratch: string): Runner {
  const folder = join(scratch, "runner");
  const temp = join(folder, "temp");
  mkdirSync(temp, { recursive: true });
  const summaryFile = join(folder, "step-summary.md");
  writeFileSync(summaryFile, "");
  return { folder, temp, eventPath: join(folder, "event.json"), summaryFile };
}

/** The variables GitHub Actions sets for every step of a job. */
function runnerEnvironment(
  options: Pick<ActionRunOptions, "baseEnv" | "event" | "repository" | "apiUrl" | "workspace">,
  runner: Runner,
  github: Value,
): Record<string, string> {
  writeFileSync(runner.eventPath, JSON.stringify(options.event));
  return {
    ...options.baseEnv,
    CI: "true",
    GITHUB_ACTIONS: "true",
    GITHUB_EVENT_NAME: String((github as Record<string, Value>).event_name),
    GITHUB_EVENT_PATH: runner.eventPath,
    GITHUB_REPOSITORY: options.repository,
    GITHUB_API_URL: options.apiUrl,
    GITHUB_SERVER_URL: "https://github.com",
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_STEP_SUMMARY: runner.summaryFile,
    RUNNER_TEMP: runner.temp,
    RUNNER_OS: "Linux",
  };
}

interface StepsRun {
  context: ExpressionContext;
  env: Record<string, string>;
  runner: Runner;
  workspace: string;
  path: string;
  uses?: WorkflowRunOptions["uses"];
}

/**
 * The steps in order, each with its `if:`: a `run:` step's GITHUB_OUTPUT read into
 * steps.<id>.outputs, its GITHUB_PATH put before the PATH and its GITHUB_ENV into the
 * environment of the steps after it, and values it masked (`::add-mask::`) written as *** in
 * the log. Processes a step leaves in the background end with the job, as on a runner.
 */
async function runSteps(list: ActionStep[], run: StepsRun): Promise<Omit<ActionRun, "outputs">> {
  const { context, runner } = run;
  const steps = context.contexts.steps as Record<string, Value>;
  const env = { ...run.env };
  const masks: string[] = [];
  const groups: number[] = [];
  let path = run.path;
  let status = 0;
  let log = "";
  const results: StepResult[] = [];
  try {
    for (const [index, step] of list.entries()) {
      const name = step.name ?? step.id ?? step.uses ?? `step ${index + 1}`;
      if (!condition(step.if, context)) {
        results.push({ name, outcome: "skipped", status: null, outputs: {} });
        if (step.id) steps[step.id] = { outcome: "skipped", conclusion: "skipped", outputs: {} };
        continue;
      }
      let ran: { status: number | null; output: string };
      let outputs: Record<string, string> = {};
      if (step.uses !== undefined) {
        const handler = run.uses?.[step.uses];
        if (!handler) throw new Error(`${name}: nothing stands in for ${step.uses} here`);
        const inputs = Object.fromEntries(Object.entries(step.with ?? {}).map(([key, value]) => [key, substitute(String(value), context)]));
        ran = await Promise.resolve()
          .then(() => handler(inputs))
          .then(
            () => ({ status: 0, output: "" }),
            (error: unknown) => ({ status: 1, output: `${String(error)}\n` }),
          );
      } else if (step.run !== undefined) {
        const files = join(runner.folder, `step-${index + 1}`);
        mkdirSync(files, { recursive: true });
        const [outputFile, pathFile, envFile, script] = ["output", "path", "env", "script.sh"].map((file) => join(files, file)) as [
          string,
          string,
          string,
          string,
        ];
        for (const file of [outputFile, pathFile, envFile]) writeFileSync(file, "");
        writeFileSync(script, substitute(step.run, context));
        const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, substitute(String(value), context)]));
        ran = await bash(
          script,
          run.workspace,
          { ...env, PATH: path, GITHUB_OUTPUT: outputFile, GITHUB_PATH: pathFile, GITHUB_ENV: envFile, ...stepEnv },
          groups,
        );
        outputs = readOutputs(outputFile);
        const added = readFileSync(pathFile, "utf8").split("\n").filter(Boolean);
        if (added.length > 0) path = [...added.reverse(), path].join(":");
        Object.assign(env, readOutputs(envFile));
        for (const [, value] of ran.output.matchAll(/^::add-mask::(.+)$/gm)) masks.push(value!);
      } else throw new Error(`${name}: a step needs run or uses`);
      log += `▶ ${name}\n${masks.reduce((text, secret) => text.replaceAll(secret, "***"), ran.output)}`;
      const outcome = ran.status === 0 ? "success" : "failure";
      results.push({ name, outcome, status: ran.status, outputs });
      if (step.id) steps[step.id] = { outcome, conclusion: outcome, outputs };
      if (outcome === "failure" && !context.failed) {
        context.failed = true;
        status = ran.status ?? 1;
      }
    }
  } finally {
    for (const group of groups) killGroup(group);
  }
  return { status, log, steps: results, summary: readFileSync(runner.summaryFile, "utf8") };
}

/** Ends a step's process group, with whatever it left running in the background. */
export function killGroup(group: number): void {
  try {
    process.kill(-group, "SIGTERM");
  } catch {
    // Already gone.
  }
}
