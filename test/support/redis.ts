// Starts a real redis-server on a free loopback port for a test file, and stops it after.
// Tests that need Redis call `startRedisServer()` in `beforeAll`; CI installs redis-server.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./ports.js";

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server and removes its scratch folder. */
  stop(): Promise<void>;
}

async function waitForPort(port: number, child: ChildProcess, deadlineMs = 10_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < deadlineMs) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not listen on ${port} within ${deadlineMs} ms`);
}

/** Starts redis-server (no persistence) on a free port, or on `port` (to start one again where it was); rejects with a clear message when it is not installed. */
export async function startRedisServer(options: { port?: number } = {}): Promise<RedisServer> {
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), "redis-"));
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], {
    stdio: "ignore",
  });
  const spawnError = new Promise<never>((_, reject) =>
    child.once("error", (error) => reject(new Error(`cannot start redis-server (is it installed?): ${error.message}`))),
  );
  await Promise.race([waitForPort(port, child), spawnError]);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
