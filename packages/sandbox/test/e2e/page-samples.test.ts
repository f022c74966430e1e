// Every sample the sandbox's pages show, run as written against a sandbox process: the
// home page's blocks in bash (an organization and its first call; `login` and `listen` "in
// one terminal", `trigger` "in another"), and on /docs and /docs/sandbox the access-token
// block, every operation's curl sample and the SDK's call of each public operation. The
// samples are read from the pages' own HTML (Redoc embeds the document it renders), so what
// runs is what a reader copies. A sample naming an example id (`id_123`) of an operation with a
// handler is run as written, answering the 404 its operation documents, and again with a real id
// in its place, answering the operation's 2xx; one served from its schema answers its 2xx as
// written. Only the receiver's port of the home page (3000) is put in for a free one.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import YAML from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Platform } from "../../src/platform.js";
import { publicHandlers } from "../../src/public/handlers.js";
import { startSandboxProcess, type SandboxProcess } from "../support/sandbox-process.js";

const repo = fileURLToPath(new URL("../../../../", import.meta.url));
const METHODS = ["get", "put", "post", "delete", "patch"] as const;
// Inside the repository, so that the generated SDK resolves its dependencies from node_modules.
const scratch = join(repo, ".tmp", `page-samples-${process.pid}`);
const config = join(scratch, "cli-config.json");

let sandbox: SandboxProcess;
let receiver: { server: Server; port: number; deliveries: number };
const background: ChildProcess[] = [];

beforeAll(async () => {
  mkdirSync(scratch, { recursive: true });
  const server = createServer((request, response) => {
    request.resume();
    receiver.deliveries += 1;
    response.writeHead(200).end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver = { server, port: (server.address() as AddressInfo).port, deliveries: 0 };
  sandbox = await startSandboxProcess();
});
afterAll(async () => {
  for (const child of background) {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone: it stopped on Ctrl-C.
    }
  }
  await sandbox?.stop();
  await new Promise((resolve) => receiver?.server.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});

interface BashRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** The HTTP status of each curl call, in order. */
  statuses: number[];
}

// curl as written, with its status reported on stderr: what it prints on stdout, which a
// sample may pipe or capture, stays as it is.
const CURL_STATUS = `curl() { command curl -w '%{stderr}HTTP_STATUS %{http_code}\\n' "$@"; }\n`;

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A child process to its end. Not spawnSync: a sample may make the sandbox call this test's receiver, which must answer. */
function run(command: string, args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<Run> {
  const child = spawn(command, args, { cwd: options.cwd ?? repo, env: { ...process.env, ...options.env } });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  return new Promise((resolve) =>
    child.once("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    }),
  );
}

/** Runs a sample in bash, as pasted, with the CLI's remembered tokens kept in this test's folder. */
async function bash(script: string, env: Record<string, string> = {}): Promise<BashRun> {
  const { status, stdout, stderr } = await run("bash", ["-c", `${CURL_STATUS}${script}`], {
    env: { SIGNING_PLATFORM_CONFIG: config, SIGNING_PLATFORM_TOKEN: "", ...env },
  });
  const statuses = [...stderr.matchAll(/^HTTP_STATUS (\d+)$/gm)].map((match) => Number(match[1]));
  return { status, stdout, stderr: stderr.replace(/^HTTP_STATUS \d+\n/gm, ""), statuses };
}

const tsc = join(repo, "node_modules", "typescript", "bin", "tsc");
const sdkDir = join(scratch, "node_modules", "signing-platform-sdk");

/** The SDK the samples' first line says to generate, from the document the page links to. */
async function prepareSdk(): Promise<void> {
  mkdirSync(scratch, { recursive: true });
  writeFileSync(join(scratch, "openapi.yaml"), await (await fetch(`${sandbox.url}/docs/openapi.yaml`)).text());
  const cli = join(repo, "packages", "cli", "bin", "signing-platform.js");
  const args = [cli, "generate", "openapi.yaml", "--out", sdkDir, "--name", "signing-platform-sdk"];
  const generated = await run(process.execPath, args, { cwd: scratch });
  if (generated.status !== 0) throw new Error(`generate: ${generated.stderr}`);
}

async function page(path: string): Promise<string> {
  const response = await fetch(`${sandbox.url}${path}`);
  expect(response.status, `GET ${path}`).toBe(200);
  return response.text();
}

/** The document a Redoc page renders, as the page embeds it. */
function embeddedDocument(html: string): Record<string, any> {
  const start = html.indexOf("{", html.indexOf("const __redoc_definition = "));
  let depth = 0;
  let inString = false;
  for (let index = start; index < html.length; index += 1) {
    const char = html[index];
    if (inString) {
      if (char === "\\") index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{") depth += 1;
    else if (char === "}" && --depth === 0) return JSON.parse(html.slice(start, index + 1));
  }
  throw new Error("The page embeds no document.");
}

/** The fenced blocks of a Markdown text in a language. */
const fenced = (markdown: string, lang: string) =>
  [...markdown.matchAll(new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)^\`\`\`$`, "gm"))].map((match) => match[1]!);

interface Operation {
  method: string;
  path: string;
  operation: Record<string, any>;
}

function operations(document: Record<string, any>): Operation[] {
  return Object.entries<Record<string, any>>(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method] })),
  );
}

const documented2xx = (operation: Record<string, any>) => Number(Object.keys(operation.responses).find((code) => code.startsWith("2")));
const pathParameters = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

// The public operations with a handler look their ids up: an example id answers their 404.
// Every other one is answered from its schema whatever the id, so its sample answers its 2xx
// as written.
const handled = new Set(Object.keys(publicHandlers({} as Platform)));
const looksUpIds = (page: "public" | "control", { path, operation }: Operation) =>
  pathParameters(path).length > 0 && (page === "control" || handled.has(operation.operationId));

/** The sample with each example path argument (`id_123`) replaced by a real one. */
function withRealIds(source: string, ids: Record<string, string>): string {
  let real = source;
  for (const [name, value] of Object.entries(ids)) real = real.replace(new RegExp(`(?<!\\w)${name}_123(?!\\w)`, "g"), value);
  return real;
}

/** The page's access-token block, run as written: the token it exports. */
async function tokenOf(document: Record<string, any>): Promise<string> {
  const block = fenced(document.info.description, "sh").find((code) => code.startsWith("export TOKEN="));
  expect(block, "the page says where $TOKEN comes from").toBeDefined();
  const run = await bash(`${block}\nprintf 'TOKEN=%s\\n' "$TOKEN"`);
  expect(run.status, run.stderr).toBe(0);
  expect(run.statuses).toEqual([201]);
  const token = /^TOKEN=(sbx_\w+)$/m.exec(run.stdout)?.[1];
  expect(token, run.stdout).toBeDefined();
  return token!;
}

async function control(token: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${sandbox.url}/_sandbox${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} /_sandbox${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}

/** A signing request driven to completion, its documents signed. */
async function completedRequest(token: string): Promise<string> {
  const { id } = await control(token, "POST", "/signing-requests");
  const { sent_code: code } = await control(token, "POST", `/signing-requests/${id}/actions`, { action: "accept" });
  await control(token, "POST", `/signing-requests/${id}/actions`, { action: "enter_code", code });
  return id;
}

/** A webhook endpoint of its own for each sample (one turns it off, another deletes it), answered by this test's receiver. */
const endpoint = async (token: string) =>
  (await control(token, "POST", "/webhook-endpoints", { url: `http://127.0.0.1:${receiver.port}/hook` })).id as string;

/** Real path arguments for an operation's sample, made for the organization of `token`. */
async function realIds(page: "public" | "control", { path }: Operation, token: string): Promise<Record<string, string>> {
  if (page === "public") {
    if (path === "/certificates/{id}") return { id: (await control(token, "POST", "/certificates")).ids[0] };
    if (path === "/v1/signing-requests/{id}") return { id: (await control(token, "POST", "/signing-requests")).id };
  } else {
    if (path === "/signing-requests/{id}/actions") return { id: (await control(token, "POST", "/signing-requests")).id };
    if (path === "/documents/{id}/{index}") return { id: await completedRequest(token) };
    if (path === "/certificates/{id}") return { id: (await control(token, "POST", "/certificates")).ids[0] };
    if (path === "/webhook-endpoints/{id}/deliveries/{deliveryId}/resend") {
      const id = await endpoint(token);
      const { attempt } = await control(token, "POST", `/webhook-endpoints/${id}/test`);
      return { id, deliveryId: attempt.delivery_id };
    }
    if (path.startsWith("/webhook-endpoints/{id}")) return { id: await endpoint(token) };
    if (path === "/logs/{request_id}") {
      const call = await fetch(`${sandbox.url}/certificates`, { headers: { authorization: `Bearer ${token}` } });
      return { request_id: call.headers.get("request-id")! };
    }
  }
  throw new Error(`No real ids for ${path}: add them to this test.`);
}

/**
 * Runs each operation's curl sample as written (its documented 2xx, or 404 for an example id
 * the operation documents), then each naming an id again with real ones (its 2xx).
 */
async function runCurlSamples(page: "public" | "control", document: Record<string, any>, token: string) {
  const all = operations(document);
  expect(all.length).toBeGreaterThanOrEqual(4);
  const results: string[] = [];
  const expected: string[] = [];
  for (const entry of all) {
    const samples = (entry.operation["x-codeSamples"] ?? []) as { lang: string; source: string }[];
    expect(
      samples.map((sample) => sample.lang),
      `${entry.method} ${entry.path}`,
    ).toEqual(["curl"]);
    const source = samples[0]!.source;
    expect(source.startsWith(`curl -s -X ${entry.method.toUpperCase()} '${sandbox.url}`), source).toBe(true);
    const named = looksUpIds(page, entry);
    const asWritten = named ? 404 : documented2xx(entry.operation);
    if (named) expect(Object.keys(entry.operation.responses), `${entry.method} ${entry.path} documents 404`).toContain("404");
    const run = await bash(source, { TOKEN: token });
    results.push(`${entry.method} ${entry.path} as written: ${run.statuses.join(",")} ${run.stderr}`);
    expected.push(`${entry.method} ${entry.path} as written: ${asWritten} `);
    if (named) {
      const real = withRealIds(source, await realIds(page, entry, token));
      expect(real, "every example id replaced").not.toMatch(/\w_123\b/);
      const again = await bash(real, { TOKEN: token });
      results.push(`${entry.method} ${entry.path} with real ids: ${again.statuses.join(",")} ${again.stderr}`);
      expected.push(`${entry.method} ${entry.path} with real ids: ${documented2xx(entry.operation)} `);
    }
  }
  expect(results).toEqual(expected);
}

describe("the samples of /docs, run as written", () => {
  let document: Record<string, any>;
  let token: string;
  let sdkReady: Promise<void>;

  beforeAll(async () => {
    // Made while the curl samples run.
    sdkReady = prepareSdk();
    sdkReady.catch(() => undefined);
    document = embeddedDocument(await page("/docs"));
    token = await tokenOf(document);
  });

  it("says where $TOKEN comes from, and links both OpenAPI documents, served without a token", async () => {
    const description: string = document.info.description;
    expect(description).toContain(`(${sandbox.url}/docs/openapi.yaml)`);
    expect(description).toContain(`(${sandbox.url}/docs/sandbox/openapi.yaml)`);
    const served = await fetch(`${sandbox.url}/docs/openapi.yaml`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toMatch(/^application\/yaml/);
    expect(YAML.parse(await served.text())).toEqual(YAML.parse(readFileSync(join(repo, "generated", "openapi.yaml"), "utf8")));
    expect((await fetch(`${sandbox.url}/docs/sandbox/openapi.yaml`)).status).toBe(200);
    // The root's paths stay the public API's, which needs a token on each.
    expect((await fetch(`${sandbox.url}/openapi.yaml`)).status).toBe(401);
  });

  it("runs every operation's curl sample with the token of the page's own block", async () => {
    await runCurlSamples("public", document, token);
  });

  it("compiles every SDK sample under tsc --strict against the SDK generated from the page's document, and runs each", async () => {
    const sdks = operations(document).map((entry) => ({
      ...entry,
      source: fenced(entry.operation.description ?? "", "ts").find((code) => code.includes("createSdk"))!,
    }));
    for (const { method, path, source } of sdks) expect(source, `the SDK sample of ${method} ${path}`).toBeDefined();
    await sdkReady;

    // Each sample as written, and each naming an id again with a real one.
    const files: { file: string; expectFailure: boolean; label: string }[] = [];
    for (const [index, entry] of sdks.entries()) {
      const named = looksUpIds("public", entry);
      writeFileSync(join(scratch, `sample-${index}.ts`), entry.source);
      files.push({ file: `sample-${index}`, expectFailure: named, label: `${entry.method} ${entry.path} as written` });
      if (named) {
        writeFileSync(join(scratch, `sample-${index}-real.ts`), withRealIds(entry.source, await realIds("public", entry, token)));
        files.push({ file: `sample-${index}-real`, expectFailure: false, label: `${entry.method} ${entry.path} with real ids` });
      }
    }
    // One type-check of the samples with the SDK's sources, then each bundled with them by
    // esbuild: the SDK's own build (declarations and all) would take longer than the rest.
    const sdkEntry = join(sdkDir, "src", "index.ts");
    writeFileSync(join(scratch, "package.json"), JSON.stringify({ private: true, type: "module" }));
    writeFileSync(
      join(scratch, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          types: ["node"],
          noEmit: true,
          skipLibCheck: true,
          paths: { "signing-platform-sdk": [sdkEntry] },
        },
        files: files.map(({ file }) => `${file}.ts`),
      }),
    );
    const compiled = await run(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: scratch });
    expect(compiled.stdout).toBe("");
    expect(compiled.status).toBe(0);
    await build({
      entryPoints: files.map(({ file }) => join(scratch, `${file}.ts`)),
      outdir: join(scratch, "out"),
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      alias: { "signing-platform-sdk": sdkEntry },
      logLevel: "silent",
    });
    const outcomes = await Promise.all(
      files.map(async ({ file, expectFailure, label }) => {
        const ran = await run(process.execPath, [join("out", `${file}.js`)], { cwd: scratch, env: { TOKEN: token } });
        // An example id is not one of the organization's: the SDK throws its typed 404.
        const outcome = ran.status === 0 ? "ok" : /NotFoundError|not_found/.test(ran.stderr) ? "not found" : `failed: ${ran.stderr}`;
        return `${label}: ${outcome} (expected ${expectFailure ? "not found" : "ok"})`;
      }),
    );
    for (const outcome of outcomes) expect(outcome).toMatch(/: (ok \(expected ok|not found \(expected not found)\)$/);
  });
});

describe("the samples of /docs/sandbox, run as written", () => {
  let document: Record<string, any>;
  let token: string;

  beforeAll(async () => {
    document = embeddedDocument(await page("/docs/sandbox"));
    token = await tokenOf(document);
  });

  it("links both OpenAPI documents", () => {
    expect(document.info.description).toContain(`(${sandbox.url}/docs/openapi.yaml)`);
    expect(document.info.description).toContain(`(${sandbox.url}/docs/sandbox/openapi.yaml)`);
  });

  it("runs every control operation's curl sample with the token of the page's own block", async () => {
    await runCurlSamples("control", document, token);
    // The endpoint the sample added points at the sample's own URL: it should receive nothing of this test.
    const { items } = await control(token, "GET", "/webhook-endpoints");
    for (const item of items as { id: string; url: string }[])
      if (!item.url.includes(`:${receiver.port}/`)) await control(token, "DELETE", `/webhook-endpoints/${item.id}`);
  });

  it("runs the Sandbox-Simulate-Error sample: the code's catalogue status and error body", async () => {
    const sample = fenced(document.info.description, "sh").find((code) => code.includes("Sandbox-Simulate-Error"));
    expect(sample).toBeDefined();
    const code = /Sandbox-Simulate-Error: (\w+)/.exec(sample!)![1]!;
    const catalogue = JSON.parse(readFileSync(join(repo, "generated", "catalogue.json"), "utf8"));
    const run = await bash(sample!, { TOKEN: token });
    expect(run.statuses).toEqual([catalogue.errors.find((error: { code: string }) => error.code === code).status]);
    expect(JSON.parse(run.stdout).error.code).toBe(code);
  });
});

describe("the home page's blocks, run as written", () => {
  it("makes an organization and its first call, then listen in one terminal forwards what trigger in another makes happen", async () => {
    const html = await page("/");
    const block = (id: string) => {
      const match = new RegExp(`<pre id="${id}">([\\s\\S]*?)</pre>`).exec(html);
      expect(match, `the block #${id}`).not.toBeNull();
      // The page writes its commands as text: no markup inside, and these entities only.
      expect(match![1]).not.toMatch(/<|&(?!amp;|lt;|gt;|quot;)/);
      return match![1]!.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
    };
    expect(html).toContain('href="/docs/openapi.yaml"');
    expect(html).toContain('href="/docs/sandbox/openapi.yaml"');

    // The first block, then what the next one needs from it: $TOKEN in the same terminal.
    const first = await bash(`${block("first-call")}\nprintf '\\nTOKEN=%s\\n' "$TOKEN"`);
    expect(first.status, first.stderr).toBe(0);
    expect(first.statuses).toEqual([201, 200]);
    const [listed, printed] = first.stdout.split("\nTOKEN=");
    expect(JSON.parse(listed!)).toMatchObject({ items: [] });
    const token = printed!.trim();
    expect(token).toMatch(/^sbx_\w+$/);

    // "In the same terminal": login, then listen, which runs until stopped.
    const listenBlock = block("listen");
    expect(listenBlock).toContain("localhost:3000/webhooks");
    let output = "";
    const listen = spawn("bash", ["-c", listenBlock.replace("localhost:3000/webhooks", `localhost:${receiver.port}/webhooks`)], {
      cwd: repo,
      detached: true,
      env: { ...process.env, SIGNING_PLATFORM_CONFIG: config, SIGNING_PLATFORM_TOKEN: "", TOKEN: token },
    });
    background.push(listen);
    listen.stdout!.on("data", (chunk) => (output += chunk));
    listen.stderr!.on("data", (chunk) => (output += chunk));
    await expect.poll(() => output, { timeout: 20_000, interval: 100 }).toMatch(/signing secret whsec_/);

    // "In another terminal": no $TOKEN there; trigger uses the token login saved.
    const triggered = await bash(block("trigger"));
    expect(triggered.status, `${triggered.stdout}${triggered.stderr}`).toBe(0);
    await expect.poll(() => output, { timeout: 20_000, interval: 100 }).toMatch(/--> signing_request\.completed \[evt_\w+\] {2}<-- 200/);
    expect(receiver.deliveries).toBeGreaterThanOrEqual(1);
    // Ctrl-C, as the page says.
    process.kill(-listen.pid!, "SIGINT");
    await new Promise((resolve) => listen.once("exit", resolve));
  });
});
