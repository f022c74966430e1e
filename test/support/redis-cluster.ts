// Starts a real Redis Cluster for a test file: three masters (and, with `replicas: 1`, a
// replica of each) as redis-server processes on free loopback ports in a scratch folder,
// joined by `redis-cli --cluster create`; stops exactly the processes it started.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./ports.js";

/** One redis-server process of the cluster. */
export interface ClusterNode {
  port: number;
  /** The node's pid, to stop it and only it. */
  pid: number;
  /** Runs `redis-cli -p <port> <args>` against this node and returns its output. */
  cli(...args: string[]): string;
  /** Stops this node's process (SIGKILL: a crash, not a shutdown) and waits until it has exited. */
  kill(): Promise<void>;
  /** Whether the process is still running. */
  running(): boolean;
}

export interface RedisClusterServer {
  /** Every node, masters first as created (a replica's role may change after a failover). */
  nodes: ClusterNode[];
  /** `{ host, port }` of each node, for `new Cluster(startupNodes)`. */
  startupNodes: { host: string; port: number }[];
  /** The node that is master of `key`'s slot now, asked of a running node. */
  masterOf(key: string): ClusterNode;
  /** Waits until `cluster info` says `cluster_state:ok` on every running node. */
  waitUntilOk(deadlineMs?: number): Promise<void>;
  /** Stops every process it started and removes its scratch folder. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function redisCli(port: number, args: string[]): string {
  const run = spawnSync("redis-cli", ["-h", "127.0.0.1", "-p", String(port), ...args], { encoding: "utf8", timeout: 30_000 });
  if (run.error) throw new Error(`cannot run redis-cli (is it installed?): ${run.error.message}`);
  if (run.status !== 0) throw new Error(`redis-cli ${args.join(" ")} exited ${run.status}: ${run.stderr || run.stdout}`);
  return run.stdout;
}

async function waitFor(what: string, test: () => boolean, deadlineMs: number): Promise<void> {
  const started = Date.now();
  while (!test()) {
    if (Date.now() - started > deadlineMs) throw new Error(`Redis Cluster: ${what} did not happen within ${deadlineMs} ms`);
    await sleep(100);
  }
}

/**
 * Starts three masters, each with `replicas` replicas (0 or 1), with a short node timeout so a
 * replica takes over a dead master within seconds; rejects with a clear message when
 * redis-server or redis-cli is not installed.
 */
export async function startRedisCluster(options: { replicas?: 0 | 1; nodeTimeoutMs?: number } = {}): Promise<RedisClusterServer> {
  const { replicas = 0, nodeTimeoutMs = 1000 } = options;
  const dir = mkdtempSync(join(tmpdir(), "redis-cluster-"));
  const children: { port: number; child: ChildProcess }[] = [];
  const stop = async () => {
    await Promise.all(
      children.map(async ({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGKILL");
        await exited;
      }),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let index = 0; index < 3 * (1 + replicas); index++) {
      const port = await freePort();
      const nodeDir = join(dir, String(port));
      mkdirSync(nodeDir);
      // The cluster bus listens on port + 10000: it must be free too, or the node cannot join.
      const child = spawn(
        "redis-server",
        [
          ...["--port", String(port), "--bind", "127.0.0.1", "--dir", nodeDir, "--save", "", "--appendonly", "no"],
          ...["--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", String(nodeTimeoutMs)],
          // A replica's first sync starts at once rather than after 5 s.
          ...["--repl-diskless-sync-delay", "0"],
        ],
        { stdio: "ignore" },
      );
      const spawned = new Promise<void>((resolve, reject) => {
        child.once("spawn", resolve);
        child.once("error", (error) => reject(new Error(`cannot start redis-server (is it installed?): ${error.message}`)));
      });
      children.push({ port, child });
      await spawned;
    }
    for (const { port, child } of children)
      await waitFor(
        `redis-server on ${port} answering PING`,
        () => {
          if (child.exitCode !== null) throw new Error(`redis-server on ${port} exited with code ${child.exitCode}`);
          try {
            return redisCli(port, ["ping"]).trim() === "PONG";
          } catch {
            return false;
          }
        },
        10_000,
      );
    redisCli(children[0]!.port, [
      "--cluster",
      "create",
      ...children.map(({ port }) => `127.0.0.1:${port}`),
      "--cluster-replicas",
      String(replicas),
      "--cluster-yes",
    ]);
  } catch (error) {
    await stop();
    throw error;
  }

  const nodes: ClusterNode[] = children.map(({ port, child }) => ({
    port,
    pid: child.pid!,
    cli: (...args: string[]) => redisCli(port, args),
    running: () => child.exitCode === null && child.signalCode === null,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
  }));
  const running = () => nodes.filter((node) => node.running());
  const cluster: RedisClusterServer = {
    nodes,
    startupNodes: nodes.map(({ port }) => ({ host: "127.0.0.1", port })),
    masterOf(key) {
      const slot = Number(running()[0]!.cli("cluster", "keyslot", key).trim());
      // `cluster shards` would do on 7.0+; `cluster slots` is on every version.
      for (const node of running()) {
        const role = node.cli("role").split("\n")[0]!.trim();
        if (role !== "master") continue;
        const ranges = node
          .cli("cluster", "nodes")
          .split("\n")
          .find((line) => line.includes("myself"))!
          .split(" ")
          .slice(8);
        for (const range of ranges) {
          const [from, to = from] = range.split("-").map(Number);
          if (slot >= from! && slot <= to!) return node;
        }
      }
      throw new Error(`no running master serves the slot of ${key} (${slot})`);
    },
    async waitUntilOk(deadlineMs = 20_000) {
      await waitFor(
        "cluster_state:ok on every running node",
        () =>
          running().every((node) => {
            try {
              return node.cli("cluster", "info").includes("cluster_state:ok");
            } catch {
              return false;
            }
          }),
        deadlineMs,
      );
    },
    stop,
  };
  try {
    await cluster.waitUntilOk();
    // Every node must also know every other node's slots before clients connect.
    await waitFor(
      "every node seeing all 16384 slots assigned",
      () => nodes.every((node) => node.cli("cluster", "info").includes("cluster_slots_assigned:16384")),
      20_000,
    );
    // A replica that has not synced yet would refuse to take over from its master.
    await waitFor(
      "every replica in sync with its master",
      () =>
        nodes.every((node) => !node.cli("role").startsWith("slave") || node.cli("info", "replication").includes("master_link_status:up")),
      20_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return cluster;
}
