// Runs the real sandbox as a user does, `signing-platform serve --port 0 …` through the CLI
// bin, in a child process; the tests talk to it over HTTP only (black box). One process is
// shared by the tests of a file (each test makes its own organization, which isolates it).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll } from "vitest";

const repo = fileURLToPath(new URL("../../../../", import.meta.url));
export const bin = join(repo, "packages", "cli", "bin", "signing-platform.js");
const READY = /Sandbox ready at (http:\/\/\S+)/;
const STARTUP_DEADLINE_MS = 30_000;

export interface SandboxProcessOptions {
  /** `--state redis://…`: share state, idempotency, rate limits and the delivery queue. */
  redis?: string;
  /**
   * Keep the state in a folder, as `serve` does by default: `true` for ./.signing-platform of
   * `cwd`, or the folder for `--state`. Default: `--state memory` (unless `args` name the
   * state), so that no test writes into the repository and the sandboxes of two test files
   * share nothing.
   */
  stateDir?: string | true;
  /** The working directory of the process (default: the repository). */
  cwd?: string;
  /** `--quota`, as `<requests>/<seconds>`. */
  quota?: string;
  /** `--webhook-time-scale`: 0.01 makes the first retry come 0.3 s after a failed attempt. */
  webhookTimeScale?: number;
  /** `--public-url`: the address written into next links and content_url. */
  publicUrl?: string;
  /** Further options of `serve`, as written: `["--log-format", "json"]`. */
  args?: string[];
  /** The CLI to run (default: this repository's `packages/cli/bin/signing-platform.js`), e.g. a copy's. */
  bin?: string;
}

export interface SandboxProcess {
  /** The base URL it printed when ready. */
  url: string;
  process: ChildProcess;
  /** What it wrote to stderr so far (for failure messages). */
  stderr(): string;
  /** What it wrote to stdout so far: the ready lines, then a line per request and delivery. */
  stdout(): string;
  /** SIGTERM, as Ctrl-C would: it finishes in-flight attempts and exits. */
  stop(): Promise<void>;
  /** SIGKILL: a crash, with no chance to tidy up. */
  kill(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A test run that dies before its afterAll must not leave sandboxes behind.
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** The options that name where `serve` keeps its state: `--state` and its old spellings. */
export const STATE_OPTIONS = ["--state", "--memory", "--state-dir", "--redis"];

function argumentsOf(options: SandboxProcessOptions): string[] {
  const args = ["serve", "--port", "0"];
  if (options.redis) args.push("--state", options.redis);
  else if (typeof options.stateDir === "string") args.push("--state", options.stateDir);
  else if (options.stateDir !== true && !options.args?.some((arg) => STATE_OPTIONS.includes(arg))) args.push("--state", "memory");
  if (options.quota) args.push("--quota", options.quota);
  if (options.webhookTimeScale !== undefined) args.push("--webhook-time-scale", String(options.webhookTimeScale));
  if (options.publicUrl) args.push("--public-url", options.publicUrl);
  return [...args, ...(options.args ?? [])];
}

async function spawnOnce(options: SandboxProcessOptions): Promise<SandboxProcess> {
  const child = spawn(process.execPath, [options.bin ?? bin, ...argumentsOf(options)], {
    cwd: options.cwd ?? repo,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let stdout = "";
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the sandbox printed no ready line within ${STARTUP_DEADLINE_MS} ms.\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, STARTUP_DEADLINE_MS);
    child.stdout!.on("data", (chunk) => {
      stdout += chunk;
      const match = READY.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited (${code ?? signal}) before it was ready.\nstdout: ${stdout}\nstderr: ${stderr}`));
    });
  });

  return {
    url,
    process: child,
    stderr: () => stderr,
    stdout: () => stdout,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const done = exited(child);
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await done;
      clearTimeout(timer);
    },
    async kill() {
      const done = exited(child);
      child.kill("SIGKILL");
      await done;
    },
  };
}

/** Starts `signing-platform serve --port 0` and resolves once it prints its ready line (the port it bound). */
export async function startSandboxProcess(options: SandboxProcessOptions = {}): Promise<SandboxProcess> {
  if (!existsSync(join(repo, "packages", "cli", "dist", "bin.js")) || !existsSync(join(repo, "packages", "sandbox", "dist", "index.js"))) {
    throw new Error("packages/cli or packages/sandbox is not built: run `npm run build` first.");
  }
  return spawnOnce(options);
}

/**
 * One sandbox process for the tests of a file: started before them, stopped after them
 * (the shape of useWebhookReceivers). Read `url` inside a test or hook.
 */
export function useSandboxProcess(options: SandboxProcessOptions = {}): { readonly url: string } {
  let sandbox: SandboxProcess | undefined;
  beforeAll(async () => {
    sandbox = await startSandboxProcess(options);
  });
  afterAll(async () => {
    await sandbox?.stop();
  });
  return {
    get url() {
      if (!sandbox) throw new Error("the sandbox is not started yet: read its url inside a test or hook.");
      return sandbox.url;
    },
  };
}
