// Runs the real `signing-platform` bin (packages/cli/bin/signing-platform.js, as npm links it) in a child
// process, and writes the documents it reads into a temporary directory.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";

export type Json = Record<string, any>;

const here = fileURLToPath(new URL(".", import.meta.url));
export const repo = join(here, "..", "..", "..", "..");
export const bin = join(repo, "packages", "cli", "bin", "signing-platform.js");

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The environment of the CLI under test: what the CLI remembers (cli-config.ts) goes to a file
 * of this test process's own, never to the user's ~/.config, and no token comes from the machine.
 */
export function cliEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const { SIGNING_PLATFORM_TOKEN: _token, ...env } = process.env;
  return { ...env, SIGNING_PLATFORM_CONFIG: testConfig, ...extra };
}
// One per test file (vitest loads this module anew for each).
const testConfig = join(tmpdir(), `signing-platform-test-config-${process.pid}-${randomUUID().slice(0, 8)}.json`);

export function runCli(args: string[], cwd: string, env: NodeJS.ProcessEnv = cliEnvironment()): Promise<CliRun> {
  if (!existsSync(join(repo, "packages", "cli", "dist", "bin.js")))
    throw new Error("packages/cli/dist is missing: run `npm run build` first.");
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", fail);
    child.on("close", (status) => done({ status, stdout, stderr }));
  });
}

// In-process runs take turns: each holds the process's working directory and environment.
let turn: Promise<unknown> = Promise.resolve();

/**
 * `signing-platform` run in this process, through the same `run` the bin calls (from the CLI's
 * source, so without a build), as `runCli` would run it from `cwd` with `env`: for tests that put
 * many documents through a command, where a process each costs a Node start and the CLI's load
 * (about 0.4 s of CPU) every time. Runs take turns, since each sets the process's working
 * directory and environment for its duration. What only a process shows (the bin itself, a
 * crash's exit status, signals) is for `runCli`.
 */
export function runInProcess(args: string[], cwd: string, env: NodeJS.ProcessEnv = cliEnvironment()): Promise<CliRun> {
  const done = turn.then(async () => {
    const { run } = await import("@signing-platform/cli");
    const [before, environment] = [process.cwd(), { ...process.env }];
    process.chdir(cwd);
    replaceEnvironment(env);
    let stdout = "";
    let stderr = "";
    try {
      const status = await run(args, {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: (text: string) => (stderr += text) },
      });
      return { status, stdout, stderr };
    } finally {
      process.chdir(before);
      replaceEnvironment(environment);
    }
  });
  turn = done.catch(() => {});
  return done;
}

function replaceEnvironment(env: NodeJS.ProcessEnv) {
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
}

/** A temporary directory for one test file, removed by `cleanup`. */
export function workspace() {
  const dir = mkdtempSync(join(tmpdir(), "signing-platform-cli-"));
  return {
    dir,
    /** Writes a document (an object as YAML, or text as it is), making its folders, and returns its file name. */
    write(name: string, content: Json | string): string {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), typeof content === "string" ? content : YAML.stringify(content));
      return name;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The conventions fixture of the rules package: a small document that lints clean. */
export function cleanDocument(): Json {
  return YAML.parse(readFileSync(join(repo, "rules", "test", "fixtures", "clean.yaml"), "utf8"));
}

/** The project's own generated OpenAPI document, as text. */
export const generatedOpenApi = () => readFileSync(join(repo, "generated", "openapi.yaml"), "utf8");

/**
 * Findings less the versioning policy's (`api-version-…`, `api-major-version-not-bumped`): the
 * pairs a test builds from one document keep its info.version, so every breaking change would
 * also bring one; the policy has tests of its own.
 */
export function withoutVersioning<T extends { id: string }>(findings: T[]): T[] {
  return findings.filter((finding) => !/^api-(major-)?version-/.test(finding.id));
}
