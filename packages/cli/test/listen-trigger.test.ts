// `signing-platform listen` and `trigger` as a webhook developer uses them, over real HTTP:
// a sandbox process, an app that verifies deliveries with @signing-platform/webhooks and the
// secret `listen` printed, `listen` forwarding to it, and `trigger` for every event type of
// the catalogue, by its flow and as the sandbox makes it from the type's schema (how a type
// without a flow is sent). Ctrl-C ends `listen` and removes its endpoint.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { eventCatalogue } from "@signing-platform/types";
import { eventValidators } from "@signing-platform/validators";
import { constructEvent } from "@signing-platform/webhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandboxProcess, type SandboxProcess } from "../../sandbox/test/support/sandbox-process.js";
import { freePort } from "../../../test/support/ports.js";
import { SandboxControl } from "../src/sandbox/control-client.js";
import { TRIGGER_FLOWS, triggerFlowOf } from "../src/sandbox/trigger-flows.js";
import { bin, cliEnvironment, repo, runCli } from "./support/cli.js";

let sandbox: SandboxProcess;
let app: Server;
let appUrl: string;
let listener: ChildProcess;
let listenerOutput = "";
let secret = "";
let token = "";
const verified: string[] = [];
/** Each verified event, by id. */
const arrived = new Map<string, Record<string, unknown>>();
const refused: string[] = [];
let answer = 200;

async function until<T>(what: string, read: () => T | undefined, deadlineMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() - started > deadlineMs)
      throw new Error(`${what} did not happen within ${deadlineMs} ms.\nlisten printed:\n${listenerOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  sandbox = await startSandboxProcess({ webhookTimeScale: 0.01 });
  // The developer's app: verifies each delivery with the secret listen printed.
  app = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    try {
      const event = constructEvent(Buffer.concat(chunks), request.headers["service-signature"], secret);
      verified.push(event.type);
      arrived.set(event.id, event as unknown as Record<string, unknown>);
      response.writeHead(answer).end();
    } catch (error) {
      refused.push(String(error));
      response.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/webhooks`;

  listener = spawn(process.execPath, [bin, "listen", "--forward-to", appUrl, "--base-url", sandbox.url], {
    cwd: repo,
    env: cliEnvironment(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  listener.stdout!.on("data", (chunk) => (listenerOutput += chunk));
  listener.stderr!.on("data", (chunk) => (listenerOutput += chunk));
  secret = await until("the signing secret", () => /signing secret (whsec_\S+)/.exec(listenerOutput)?.[1]);
  token = await until("the access token", () => /its access token: (\S+)/.exec(listenerOutput)?.[1]);
});
afterAll(async () => {
  if (listener && listener.exitCode === null) listener.kill("SIGKILL");
  await new Promise<void>((resolve) => (app ? app.close(() => resolve()) : resolve()));
  await sandbox?.stop();
});

describe("trigger", () => {
  it("has flows for event types of the catalogue only", () => {
    const types: string[] = eventCatalogue.map((event) => event.type);
    expect(Object.keys(TRIGGER_FLOWS).filter((type) => !types.includes(type))).toEqual([]);
  });

  // A type without a flow takes this path: the flows of the types that have one are left out.
  it.each(eventCatalogue.map((event) => event.type))(
    "sends %s without its flow, as the sandbox makes it from its schema, signed and valid, to the app",
    async (type) => {
      const calls = await triggerFlowOf(type, {})(new SandboxControl(sandbox.url, token));
      expect(calls.map((call) => call.line)).toEqual([expect.stringMatching(/^POST \/_sandbox\/events → 201 evt_\w+$/)]);
      const id = calls[0]!.body.id as string;
      const event = await until(`${type} ${id} at the app`, () => arrived.get(id));
      expect(event).toEqual(calls[0]!.body);
      expect(eventValidators[type as keyof typeof eventValidators](event)).toEqual({ ok: true, value: event });
      // listen prints its line once the app has answered.
      const line = new RegExp(`--> ${type.replace(".", "\\.")} \\[${id}\\]  <-- 200`);
      await until(`listen's line for ${id}`, () => (line.test(listenerOutput) ? true : undefined));
      expect(refused).toEqual([]);
    },
  );

  it.each(eventCatalogue.map((event) => event.type))("makes %s arrive, verified, at the app listen forwards to", async (type) => {
    const before = verified.filter((seen) => seen === type).length;
    const run = await runCli(["trigger", type, "--token", token, "--base-url", sandbox.url], repo);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^ {2}(POST|GET) \/_sandbox\/\S+ → 2\d\d/m);
    expect(run.stdout).toMatch(new RegExp(`Triggered ${type.replace(".", "\\.")}\\.\\n$`));
    await until(`${type} at the app`, () => (verified.filter((seen) => seen === type).length > before ? true : undefined));
    expect(listenerOutput).toMatch(new RegExp(`--> ${type.replace(".", "\\.")} \\[evt_\\w+\\]  <-- 200`));
    expect(refused).toEqual([]);
  });

  it.each([
    [
      ["trigger", "signing_request.complete", "--token", "t"],
      /unknown event type "signing_request.complete"\. Did you mean `signing_request\.completed`\?/,
    ],
    [
      ["trigger", "ping", "--base-url", "http://127.0.0.1:9"],
      /no token: give --token, set SIGNING_PLATFORM_TOKEN, or run `signing-platform login`/,
    ],
    [["trigger", "ping", "--token", "nope", "--base-url", "http://127.0.0.1:9"], /http:\/\/127\.0\.0\.1:9 cannot be reached/],
  ])("exits 2 with one line for %j", async (args, message) => {
    const run = await runCli(args, repo);
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toMatch(message);
  });

  it("exits 2 naming the call the sandbox refused for a token it does not know", async () => {
    const run = await runCli(["trigger", "ping", "--token", "not-a-sandbox-token", "--base-url", sandbox.url], repo);
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toMatch(
      /GET \/_sandbox\/webhook-endpoints → 401 unauthenticated: the token is not one of this sandbox's organizations \(this sandbox keeps its state in memory and started afresh at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\): `signing-platform login` makes a new one\.$/,
    );
  });
});

describe("listen", () => {
  it("passes the app's answer back: a failing app gets the delivery again", async () => {
    answer = 500;
    const before = verified.length;
    await runCli(["trigger", "signing_request.created", "--token", token, "--base-url", sandbox.url], repo);
    await until("a retry after the app's 500", () => (verified.length >= before + 2 ? true : undefined));
    answer = 200;
    expect(listenerOutput).toMatch(/--> signing_request\.created \[evt_\w+\] {2}<-- 500/);
  });

  it("turns its endpoint off and exits 0 on Ctrl-C", async () => {
    const exited = new Promise<number | null>((resolve) => listener.once("exit", (code) => resolve(code)));
    listener.kill("SIGINT");
    expect(await exited).toBe(0);
    expect(listenerOutput).toMatch(/Stopped; endpoint \S+ turned off, kept for the next listen to http:\S+ \(same secret\)\./);
    const endpoints = await fetch(`${sandbox.url}/_sandbox/webhook-endpoints`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await endpoints.json()) as { items: { enabled: boolean }[] }).items).toEqual([expect.objectContaining({ enabled: false })]);
  });
});

/** `listen` in the background with `env`, its output read as it comes; stopped by the caller. */
function startListen(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [bin, "listen", ...args], { cwd: repo, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe("a CLI that remembers", () => {
  it("gives the next listen to the same app the same endpoint and secret, forwarding only the --events asked for", async () => {
    // The URL as people type it, without http://: the same app, so the same saved endpoint.
    const again = startListen(
      ["--forward-to", appUrl.replace("http://", ""), "--base-url", sandbox.url, "--events", "signing_request.canceled"],
      cliEnvironment(),
    );
    try {
      const secondSecret = await until("the second listen's secret", () => /signing secret (whsec_\S+)/.exec(again.output())?.[1]);
      expect(secondSecret).toBe(secret);
      expect(again.output()).toMatch(/endpoint we_\w+ \(the one of the last listen\)/);
      expect(again.output()).not.toMatch(/Created organization/);
      const before = verified.length;
      // The saved token: trigger needs no --token either.
      const created = await runCli(["trigger", "signing_request.created", "--base-url", sandbox.url], repo);
      expect(created.status, created.stderr).toBe(0);
      // The command listen prints runs as printed, in a shell: a type it forwards, no token flag.
      const printed = /make events with: (.+)\n/.exec(again.output())?.[1];
      expect(printed).toBe(`npx signing-platform trigger signing_request.canceled --base-url ${sandbox.url}`);
      const run = spawnSync("bash", ["-c", printed!], { cwd: repo, env: cliEnvironment(), encoding: "utf8" });
      expect(run.status, run.stderr).toBe(0);
      await until("the canceled event at the app", () => (verified.slice(before).includes("signing_request.canceled") ? true : undefined));
      expect(verified.slice(before)).not.toContain("signing_request.created");
      expect(again.output()).not.toMatch(/--> signing_request\.created/);
    } finally {
      again.child.kill("SIGINT");
      expect(await again.exited).toBe(0);
    }
  });

  it("triggers with only SIGNING_PLATFORM_TOKEN, and saves a token with login", async () => {
    const fresh = cliEnvironment({ SIGNING_PLATFORM_CONFIG: join(tmpdir(), `signing-platform-login-${process.pid}.json`) });
    try {
      const byVariable = await runCli(["trigger", "ping", "--base-url", sandbox.url], repo, { ...fresh, SIGNING_PLATFORM_TOKEN: token });
      expect(byVariable.status, byVariable.stderr).toBe(0);
      const login = await runCli(["login", "--base-url", sandbox.url], repo, fresh);
      expect(login.status, login.stderr).toBe(0);
      expect(login.stdout).toMatch(/^Created organization org_\w+; saved its token for http:\/\/127\.0\.0\.1:\d+ in \S+\.\n/);
      expect(login.stdout).not.toMatch(/sbx_/);
      expect(statSync(fresh.SIGNING_PLATFORM_CONFIG!).mode & 0o777).toBe(0o600);
      const bySaved = await runCli(["trigger", "ping", "--base-url", sandbox.url], repo, fresh);
      expect(bySaved.status, bySaved.stderr).toBe(0);
      const refused = await runCli(["login", "--token", "sbx_notOneOfTheSandboxes", "--base-url", sandbox.url], repo, fresh);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toMatch(/401 unauthenticated: the token is not one of this sandbox's organizations/);
    } finally {
      rmSync(fresh.SIGNING_PLATFORM_CONFIG!, { force: true });
    }
  });

  it("notices a sandbox that restarted, and stops saying so", async () => {
    const port = await freePort();
    const first = await startSandboxProcess({ args: ["--port", String(port)] });
    const env = cliEnvironment({ SIGNING_PLATFORM_CONFIG: join(tmpdir(), `signing-platform-restart-${process.pid}.json`) });
    const watching = startListen(["--forward-to", appUrl, "--base-url", first.url], env);
    let second: SandboxProcess | undefined;
    try {
      await until("listen's secret", () => /signing secret (whsec_\S+)/.exec(watching.output())?.[1]);
      await first.stop();
      second = await startSandboxProcess({ args: ["--port", String(port)] });
      expect(await watching.exited).toBe(1);
      expect(watching.output()).toMatch(
        /The sandbox at http:\/\/127\.0\.0\.1:\d+ forgot endpoint we_\w+ \(it no longer knows the organization\): it restarted\. Run listen again\./,
      );
    } finally {
      watching.child.kill("SIGKILL");
      await second?.stop();
      rmSync(env.SIGNING_PLATFORM_CONFIG!, { force: true });
    }
  }, 60_000);
});
