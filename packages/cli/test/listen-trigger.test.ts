// `signing-platform listen` and `trigger` as a webhook developer uses them, over real HTTP:
// a sandbox process, an app that verifies deliveries with @signing-platform/webhooks and the
// secret `listen` printed, `listen` forwarding to it, and `trigger` for every event type of
// the catalogue. Ctrl-C ends `listen` and removes its endpoint.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eventCatalogue } from "@signing-platform/types";
import { constructEvent } from "@signing-platform/webhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandboxProcess, type SandboxProcess } from "../../sandbox/test/support/sandbox-process.js";
import { TRIGGER_FLOWS } from "../src/sandbox/trigger-flows.js";
import { bin, repo, runCli } from "./support/cli.js";

let sandbox: SandboxProcess;
let app: Server;
let appUrl: string;
let listener: ChildProcess;
let listenerOutput = "";
let secret = "";
let token = "";
const verified: string[] = [];
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
  it("has a flow for every event type of the catalogue", () => {
    expect(Object.keys(TRIGGER_FLOWS).sort()).toEqual(eventCatalogue.map((event) => event.type).sort());
  });

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
    [["trigger", "ping"], /--token is required/],
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
      /GET \/_sandbox\/webhook-endpoints → 401 unauthenticated: the token is not one of this sandbox's organizations/,
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

  it("removes its endpoint and exits 0 on Ctrl-C", async () => {
    const exited = new Promise<number | null>((resolve) => listener.once("exit", (code) => resolve(code)));
    listener.kill("SIGINT");
    expect(await exited).toBe(0);
    expect(listenerOutput).toMatch(/Stopped; endpoint \S+ removed\./);
    const endpoints = await fetch(`${sandbox.url}/_sandbox/webhook-endpoints`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await endpoints.json()) as { items: unknown[] }).items).toEqual([]);
  });
});
