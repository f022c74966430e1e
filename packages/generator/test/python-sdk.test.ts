// `signing-platform generate --language python`, from where a user stands: the CLI bin writes
// the SDK into a folder outside the workspace, pip installs it into a fresh virtual
// environment without a network, and a unittest suite (./python/sdk_test.py) runs against a
// sandbox over HTTP: a replayed enrollment key, every item across pages, a 304 from the ETag
// cache, error families, a 503 retried after Retry-After, and webhooks, one of them a real
// delivery of the sandbox. Python is Debian's (/usr/bin/python3, with python3-venv and
// python3-wheel, which `npm test` installs: scripts/test-prerequisites.mjs).
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startSandbox, type Sandbox } from "@signing-platform/sandbox";
import { afterAll, beforeAll, expect, it } from "vitest";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const bin = join(repo, "packages", "cli", "bin", "signing-platform.js");
const PYTHON = "/usr/bin/python3";
const scratch = mkdtempSync(join(tmpdir(), "python-sdk-"));
let sandbox: Sandbox;
let receiver: Server;

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", env: { ...process.env, ...env }, cwd: scratch });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox?.close();
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  rmSync(scratch, { recursive: true, force: true });
});

it("installs without a network and keeps the conventions against the sandbox", async () => {
  const generated = run(process.execPath, [
    bin,
    "generate",
    "--input",
    join(repo, "generated", "openapi.yaml"),
    "--out",
    "sdk",
    "--name",
    "acme_signing",
    "--language",
    "python",
  ]);
  expect(generated.status, generated.output).toBe(0);
  expect(readFileSync(join(scratch, "sdk", "pyproject.toml"), "utf8")).toContain("dependencies = []");

  const venv = run(PYTHON, ["-m", "venv", "--system-site-packages", "venv"]);
  expect(venv.status, `${PYTHON} -m venv: ${venv.output}`).toBe(0);
  const installed = run(join(scratch, "venv", "bin", "pip"), ["install", "--no-index", "--no-build-isolation", "./sdk"]);
  expect(installed.status, installed.output).toBe(0);
  const compiled = run(join(scratch, "venv", "bin", "python"), ["-m", "compileall", "-q", join(scratch, "sdk", "src")]);
  expect(compiled.status, compiled.output).toBe(0);

  // An organization, and a real delivery of the sandbox to verify in Python.
  const organization = (await (
    await fetch(`${sandbox.url}/_sandbox/organizations`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })
  ).json()) as { access_token: string };
  const token = organization.access_token;
  let delivered: { body: string; signature: string } | undefined;
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      delivered = { body: Buffer.concat(chunks).toString("utf8"), signature: String(request.headers["service-signature"]) };
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const control = (path: string, body: unknown) =>
    fetch(`${sandbox.url}/_sandbox${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then((response) => response.json() as Promise<Record<string, any>>);
  const endpoint = await control("/webhook-endpoints", { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/` });
  await control(`/webhook-endpoints/${endpoint.id}/test`, {});
  expect(delivered).toBeDefined();

  // Asynchronously: the sandbox answers from this process while Python runs.
  const tests = await new Promise<{ status: number | null; output: string }>((resolve) => {
    const env = {
      ...process.env,
      SANDBOX_URL: sandbox.url,
      TOKEN: token,
      SECRET: endpoint.secret,
      DELIVERED_BODY: delivered!.body,
      DELIVERED_SIGNATURE: delivered!.signature,
    };
    const script = fileURLToPath(new URL("./python/sdk_test.py", import.meta.url));
    execFile(join(scratch, "venv", "bin", "python"), [script, "-v"], { env, cwd: scratch, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ status: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
  expect(tests.status, tests.output).toBe(0);
  expect(tests.output).toMatch(/Ran 8 tests/);
});
