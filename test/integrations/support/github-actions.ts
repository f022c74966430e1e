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

function bash(script: string, cwd: string, env: Record<string, string>): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
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
  const runner = join(options.scratch, "runner");
  const temp = join(runner, "temp");
  mkdirSync(temp, { recursive: true });
  const eventPath = join(runner, "event.json");
  writeFileSync(eventPath, JSON.stringify(options.event));
  const summaryFile = join(runner, "step-summary.md");
  writeFileSync(summaryFile, "");

  const steps: Record<string, Value> = {};
  const github: Value = {
    event: options.event,
    event_name: options.eventName ?? "pull_request",
    repository: options.repository,
    api_url: options.apiUrl,
    token: options.token,
    workspace: options.workspace,
    action_path: options.actionPath,
  };
  const context: ExpressionContext = {
    contexts: { github, steps, runner: { temp, os: "Linux" }, env: {}, inputs: {} },
    inputNames: new Set(Object.keys(action.inputs)),
    failed: false,
  };
  const inputs: Record<string, Value> = {};
  for (const [name, input] of Object.entries(action.inputs))
    inputs[name] = options.with?.[name] ?? (input.default === undefined ? "" : substitute(String(input.default), context));
  for (const name of Object.keys(options.with ?? {})) if (!(name in action.inputs)) throw new Error(`the action has no input "${name}"`);
  context.contexts.inputs = inputs;

  const jobEnv: Record<string, string> = {
    ...options.baseEnv,
    CI: "true",
    GITHUB_ACTIONS: "true",
    GITHUB_EVENT_NAME: String((github as Record<string, Value>).event_name),
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: options.repository,
    GITHUB_API_URL: options.apiUrl,
    GITHUB_SERVER_URL: "https://github.com",
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_ACTION_PATH: options.actionPath,
    GITHUB_STEP_SUMMARY: summaryFile,
    RUNNER_TEMP: temp,
    RUNNER_OS: "Linux",
  };
  let path = options.path;
  let status = 0;
  let log = "";
  const results: StepResult[] = [];
  for (const [index, step] of action.runs.steps.entries()) {
    const name = step.name ?? step.id ?? `step ${index + 1}`;
    if (!condition(step.if, context)) {
      results.push({ name, outcome: "skipped", status: null, outputs: {} });
      if (step.id) steps[step.id] = { outcome: "skipped", conclusion: "skipped", outputs: {} };
      continue;
    }
    if (step.run === undefined) throw new Error(`${name}: only run steps are emulated`);
    if (step.shell !== "bash") throw new Error(`${name}: a composite action's run step needs shell: bash (it has ${step.shell ?? "none"})`);
    const files = join(runner, `step-${index + 1}`);
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
    const ran = await bash(script, options.workspace, {
      ...jobEnv,
      PATH: path,
      GITHUB_OUTPUT: outputFile,
      GITHUB_PATH: pathFile,
      GITHUB_ENV: envFile,
      ...stepEnv,
    });
    log += `▶ ${name}\n${ran.output}`;
    const outputs = readOutputs(outputFile);
    const added = readFileSync(pathFile, "utf8").split("\n").filter(Boolean);
    if (added.length > 0) path = [...added.reverse(), path].join(":");
    const outcome = ran.status === 0 ? "success" : "failure";
    results.push({ name, outcome, status: ran.status, outputs });
    if (step.id) steps[step.id] = { outcome, conclusion: outcome, outputs };
    if (outcome === "failure" && !context.failed) {
      context.failed = true;
      status = ran.status ?? 1;
    }
  }
  const outputs = Object.fromEntries(Object.entries(action.outputs ?? {}).map(([key, output]) => [key, substitute(output.value, context)]));
  return { status, log, steps: results, outputs, summary: readFileSync(summaryFile, "utf8") };
}
