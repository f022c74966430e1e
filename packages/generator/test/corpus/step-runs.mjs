// @ts-check
// A step of the corpus harness as a command it runs: the run (exit status, wall time, output),
// and the outcome a step records from it, ok or the line that says what went wrong.
import { spawnSync } from "node:child_process";

/** @typedef {import("./run-corpus.d.mts").StepOutcome} StepOutcome */

// The largest documents take minutes in a type checker: a step past this counts as failed.
const STEP_TIMEOUT_MS = Number(process.env.CORPUS_STEP_TIMEOUT_MS ?? 600_000);

/**
 * A command's run: whether it exited 0, its wall time, its output (stdout, then stderr).
 * @typedef {{ ok: boolean, ms: number, output: string, timedOut: boolean, error?: Error }} Run
 */

/**
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Run}
 */
export function run(command, args, cwd, env = process.env) {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8", timeout: STEP_TIMEOUT_MS, maxBuffer: 256 * 1024 * 1024 });
  const ms = Math.round(performance.now() - started);
  const output = `${result.stdout ?? ""}\n${result.stderr ?? ""}`;
  const timedOut = errorCode(result.error) === "ETIMEDOUT" || result.signal === "SIGTERM";
  return { ok: result.status === 0, ms, output, timedOut, error: result.error };
}

/**
 * The code of a failed spawn's error (`ETIMEDOUT`, `ENOENT`), where it has one.
 * @param {Error | undefined} error
 */
export const errorCode = (error) => /** @type {NodeJS.ErrnoException | undefined} */ (error)?.code;

export const stripAnsi = (/** @type {string} */ text) => text.replace(/\u001b\[[0-9;]*m/g, "");

/**
 * The line that says what went wrong: the first that looks like an error, else the last non-empty one.
 * @param {string} output
 * @param {RegExp} [pattern]
 */
export function firstError(output, pattern = /error|Error|failed|Cannot|cannot|refuse|not supported|Unsupported/) {
  const lines = stripAnsi(output)
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const at = lines.findIndex((candidate) => pattern.test(candidate));
  let line = at >= 0 ? /** @type {string} */ (lines[at]) : (lines.at(-1) ?? "(no output)");
  line = line.replace(/^\[Job \d+\]\s*/, "");
  // @hey-api/openapi-ts says "Failed with the message:" on one line and the message on the next.
  const next = lines[at + 1];
  if (at >= 0 && line.endsWith("Failed with the message:") && next) line = next.replace(/^\[Job \d+\]\s*/, "");
  return line.length > 240 ? `${line.slice(0, 237)}...` : line;
}

/**
 * @param {Run} result
 * @param {RegExp} [pattern] what an error line looks like in the command's output
 * @returns {StepOutcome}
 */
export function outcome(result, pattern) {
  if (result.ok) return { ok: true, ms: result.ms };
  const error = result.timedOut ? `timed out after ${result.ms} ms` : firstError(result.output, pattern);
  const errors = errorCount(stripAnsi(result.output));
  return { ok: false, ms: result.ms, error, ...(errors === undefined ? {} : { errors }) };
}

/**
 * How many errors a checker reported (mypy's and pyright's summaries, tsc's lines), where it says.
 * @param {string} output
 */
function errorCount(output) {
  const summary = output.match(/Found (\d+) errors? in/) ?? output.match(/(\d+) errors?, \d+ warnings?/);
  if (summary) return Number(summary[1]);
  const tscErrors = output.match(/error TS\d+/g);
  return tscErrors ? tscErrors.length : undefined;
}

/**
 * A checker's outcome, with its output for the caller to read.
 * @typedef {StepOutcome & { output?: string }} CheckedOutcome
 */

/**
 * The outcome with the checker's output, not enumerable: it is for the caller that reads it, not for the record.
 * @param {StepOutcome} stepOutcome
 * @param {string} output
 * @returns {CheckedOutcome}
 */
export const withOutput = (stepOutcome, output) => Object.defineProperty(stepOutcome, "output", { value: output });
