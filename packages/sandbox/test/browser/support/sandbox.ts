// The real sandbox, started as a newcomer starts it: `signing-platform serve --port 0`
// through the CLI bin, in a child process. The browser tests talk to it over HTTP only.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { STATE_OPTIONS } from "../../support/sandbox-process.js";

export const repo = fileURLToPath(new URL("../../../../../", import.meta.url));
const bin = join(repo, "packages", "cli", "bin", "signing-platform.js");
const READY = /Sandbox ready at (http:\/\/\S+)/;
const STARTUP_DEADLINE_MS = 30_000;

export interface SandboxProcess {
  /** The base URL from its ready line. */
  url: string;
  /** POSTs JSON to the control API (/_sandbox), with the organization's token when given. */
  control(path: string, body?: unknown, token?: string): Promise<any>;
  /** SIGTERM, as Ctrl-C would; SIGKILL if it has not exited after 10 s. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export async function startSandbox(args: string[] = []): Promise<SandboxProcess> {
  for (const built of [
    ["cli", "dist", "bin.js"],
    ["sandbox", "dist", "index.js"],
  ]) {
    if (!existsSync(join(repo, "packages", ...built))) throw new Error("The packages are not built: run `npm run build` first.");
  }
  // In memory unless a test asks otherwise: nothing written into the repository, nothing shared.
  const store = args.some((arg) => STATE_OPTIONS.includes(arg)) ? [] : ["--state", "memory"];
  const child = spawn(process.execPath, [bin, "serve", "--port", "0", ...store, ...args], { cwd: repo, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once("exit", () => (running.delete(child), resolve())));
  let output = "";
  child.stderr!.on("data", (chunk) => (output += chunk));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => (child.kill("SIGKILL"), reject(new Error(`The sandbox was not ready in time:\n${output}`))),
      STARTUP_DEADLINE_MS,
    );
    child.stdout!.on("data", (chunk) => {
      output += chunk;
      const match = READY.exec(output);
      if (match) clearTimeout(timer), resolve(match[1]!);
    });
    child.once("exit", (code, signal) => (clearTimeout(timer), reject(new Error(`The sandbox exited (${code ?? signal}):\n${output}`))));
  });

  return {
    url,
    async control(path, body = {}, token) {
      const response = await fetch(`${url}/_sandbox${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      const data = await response.json();
      if (!response.ok) throw new Error(`POST /_sandbox${path}: ${response.status} ${JSON.stringify(data)}`);
      return data;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
