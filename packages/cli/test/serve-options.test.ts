// `signing-platform serve`'s one option for where the state is kept, `--state`, run as a user
// runs it: the real bin, from a folder of its own. Each value starts the sandbox with the state
// where it says; each old spelling (`--memory`, `--state-dir`, `--redis`) still does, with one
// line on stderr naming `--state`; the state named twice, or a value `--state` does not take,
// is one line and exit 2.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer, type RedisServer } from "../../../test/support/redis.js";
import { startSandboxProcess } from "../../sandbox/test/support/sandbox-process.js";
import { runCli, workspace } from "./support/cli.js";

const space = workspace();
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
  space.cleanup();
});

/** Starts `serve --port 0 …args` in the test's folder; resolves with its ready line and its stderr once stopped. */
async function served(args: string[]): Promise<{ ready: string; stderr: string }> {
  const sandbox = await startSandboxProcess({ cwd: space.dir, args });
  await sandbox.stop();
  return { ready: sandbox.stdout().split("\n")[0]!, stderr: sandbox.stderr() };
}

describe("serve --state", () => {
  it.each<[string, () => string[], RegExp]>([
    ["memory", () => ["--state", "memory"], /\(state: memory\)$/],
    ["a folder", () => ["--state", "kept"], /\(state: file \.\/kept\/sandbox\)$/],
    ["a redis:// URL", () => ["--state", redis.url], /\(state: Redis redis:\/\/127\.0\.0\.1:\d+\)$/],
  ])("keeps the state in %s, and says nothing on stderr", { timeout: 60_000 }, async (_name, args, ready) => {
    const run = await served(args());
    expect(run.ready).toMatch(ready);
    expect(run.stderr).toBe("");
  });

  it.each<[string, () => string[], RegExp, string]>([
    ["--memory", () => ["--memory"], /\(state: memory\)$/, "--memory is the old spelling: write `--state memory`."],
    [
      "--state-dir",
      () => ["--state-dir", "old"],
      /\(state: file \.\/old\/sandbox\)$/,
      "--state-dir is the old spelling: write `--state old`.",
    ],
    [
      "--redis",
      () => ["--redis", redis.url],
      /\(state: Redis redis:\/\/127\.0\.0\.1:\d+\)$/,
      "--redis is the old spelling: write `--state` with the same URL.",
    ],
  ])("still reads %s, and says once on stderr to write --state", { timeout: 60_000 }, async (_name, args, ready, line) => {
    const run = await served(args());
    expect(run.ready).toMatch(ready);
    expect(run.stderr).toBe(`signing-platform serve: ${line}\n`);
  });

  it.each([
    [
      "the state named twice",
      ["--state", "memory", "--memory"],
      "the state is named twice (--state memory and --memory): name it once, with --state.",
    ],
    [
      "the state named twice in old spellings",
      ["--state-dir", "kept", "--redis", "redis://app:s3cret@127.0.0.1:1"],
      "the state is named twice (--state-dir kept and --redis redis://…): name it once, with --state.",
    ],
    [
      "a URL of another scheme",
      ["--state", "http://127.0.0.1:6379"],
      "--state takes memory, a folder or a redis:// URL, not http://127.0.0.1:6379: a URL is redis:// or rediss://.",
    ],
    [
      "memory mistyped",
      ["--state", "memroy"],
      "--state takes memory, a folder or a redis:// URL, not memroy. Did you mean `memory`? A folder of that name is written ./memroy.",
    ],
    ["--state with no value", ["--state"], "option --state needs a value."],
    ["--reset of the state in memory", ["--memory", "--reset"], "--reset is for the state kept in a folder, not in memory or Redis."],
  ])("refuses %s: one line, exit 2", async (_name, args, line) => {
    const run = await runCli(["serve", "--port", "0", ...args], space.dir);
    expect(run.stderr).toBe(`signing-platform serve: ${line}\n`);
    expect(run.stdout).toBe("");
    expect(run.status).toBe(2);
  });
});
