// `signing-platform generate --language python`, from where a user stands: the CLI bin writes
// SDKs for this API's document and for two public documents no one here wrote (fixtures/)
// into a folder outside the workspace; pip installs them into a fresh virtual environment
// without a network; mypy --strict checks the packages, a user's code (python/usage.py),
// every example of each README, and finds each mistake of python/rejected.py. Then, over
// HTTP: the READMEs' quickstarts run as written against the CLI's sandbox, spawned, and a
// unittest suite (python/sdk_test.py) runs there (replayed and reused keys, pages under
// concurrent inserts, a 304 from the cache, every error family, a token refresh, a 503
// retried after Retry-After, webhooks, one a real delivery of the sandbox); every README
// example of the public documents' SDKs runs against Prism mocking their document. Python is
// Debian's (/usr/bin/python3, with python3-venv, python3-wheel and python3-mypy, which
// `npm test` installs: scripts/test-prerequisites.mjs).
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { TLSSocket } from "node:tls";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestPki } from "../../../test/support/certificates.js";
import { startPrism } from "../../../test/support/prism.js";
import { startSandboxProcess, type SandboxProcess } from "../../sandbox/test/support/sandbox-process.js";
import { readmeQuickstart } from "./readme-quickstart.js";
import { idPrefixes, sandboxOrganization } from "./sandbox-organization.js";
import { MYPY_STRICT } from "./python/mypy.mjs";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const here = fileURLToPath(new URL(".", import.meta.url));
const bin = join(repo, "packages", "cli", "bin", "signing-platform.js");
const PYTHON = "/usr/bin/python3";
const scratch = mkdtempSync(join(tmpdir(), "python-sdk-"));
const venvPython = join(scratch, "venv", "bin", "python");

const SUBJECTS = {
  acme_signing: join(repo, "generated", "openapi.yaml"),
  swagger_petstore: join(here, "fixtures", "petstore-expanded", "openapi.yaml"),
  train_travel: join(here, "fixtures", "train-travel", "openapi.yaml"),
};
/** The public documents, and a path that answers once Prism mocks them. */
const FOREIGN = [
  ["swagger_petstore", "/pets"],
  ["train_travel", "/stations"],
] as const;
type Name = keyof typeof SUBJECTS;
const NAMES = Object.keys(SUBJECTS) as Name[];

let sandbox: SandboxProcess;
let receiver: Server | undefined;

function run(command: string, args: string[], cwd = scratch) {
  const result = spawnSync(command, args, { encoding: "utf8", cwd, timeout: 180_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Runs without blocking this process, which answers as the sandbox meanwhile. */
function runAsync(command: string, args: string[], env: Record<string, string>, cwd = scratch) {
  return new Promise<{ status: number | null; stdout: string; output: string }>((resolve) => {
    execFile(command, args, { env: { ...process.env, ...env }, cwd, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ status: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, output: `${stdout}${stderr}` }),
    );
  });
}

/** The Python blocks of a README, in order. */
const pythonBlocks = (readme: string) => [...readme.matchAll(/```python\n([\s\S]*?)```/g)].map((match) => match[1]!);
const readmeOf = (name: Name) => readFileSync(join(scratch, name, "README.md"), "utf8");

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  for (const name of NAMES) {
    const generated = run(process.execPath, [bin, "generate", SUBJECTS[name], "--out", name, "--name", name, "--language", "python"]);
    if (generated.status !== 0) throw new Error(`generate ${name}: ${generated.output}`);
  }
  // --system-site-packages: Debian's wheel and mypy, as nothing may be fetched.
  const venv = run(PYTHON, ["-m", "venv", "--system-site-packages", "venv"]);
  if (venv.status !== 0) throw new Error(`${PYTHON} -m venv: ${venv.output}`);
});

afterAll(async () => {
  await sandbox?.stop();
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  rmSync(scratch, { recursive: true, force: true });
});

describe("three SDKs in a fresh virtual environment", () => {
  it("install with pip from their folders alone, with no network and no dependency", () => {
    const installed = run(join(scratch, "venv", "bin", "pip"), [
      "install",
      "--no-index",
      "--no-build-isolation",
      // One with its extra `async`: httpx comes from Debian's (python3-httpx), as nothing may be fetched.
      ...NAMES.map((name) => (name === "acme_signing" ? `./${name}[async]` : `./${name}`)),
    ]);
    expect(installed.status, installed.output).toBe(0);
    for (const name of NAMES) {
      expect(readFileSync(join(scratch, name, "pyproject.toml"), "utf8")).toContain(
        `dependencies = ['typing_extensions>=4.0; python_version < "3.11"']`,
      );
    }
    const imported = run(venvPython, ["-c", `import ${NAMES.join(", ")}`], tmpdir());
    expect(imported.status, imported.output).toBe(0);
  });

  it("import without httpx; only an AsyncClient needs it, and then names the extra that installs it", () => {
    // A module that is None in sys.modules cannot be imported: Python as if httpx were not installed.
    const script = [
      "import sys",
      "sys.modules['httpx'] = None",
      "import acme_signing",
      "acme_signing.Client('http://127.0.0.1:9')",
      "try:",
      "    acme_signing.AsyncClient('http://127.0.0.1:9')",
      "except ImportError as error:",
      "    print(error)",
    ].join("\n");
    const checked = run(venvPython, ["-c", script], tmpdir());
    expect(checked.status, checked.output).toBe(0);
    expect(checked.output.trim()).toBe(
      "AsyncClient needs httpx, which acme_signing's extra `async` installs: pip install 'acme_signing[async]'",
    );
  });

  it("pass mypy --strict: the packages (also as Python 3.10), a user's code and every example of their READMEs", () => {
    const modules: string[] = [];
    for (const name of NAMES) {
      pythonBlocks(readmeOf(name)).forEach((block, index) => {
        // A block that imports is a module of its own; the others follow the README's set-up.
        const setUp = /^(import|from) /m.test(block) ? "" : `from ${name} import Client, models\n\nclient = Client()\n`;
        const file = `readme_${name}_${index}.py`;
        writeFileSync(join(scratch, file), `${setUp}${block}`);
        modules.push(file);
      });
    }
    expect(modules.length).toBeGreaterThanOrEqual(20);
    writeFileSync(join(scratch, "repository_readme.py"), readmeQuickstart("python"));
    modules.push("repository_readme.py");
    // mypy takes packages or files, not both in one run. The packages are also checked as
    // Python 3.10 reads them, the oldest they support (NotRequired from typing_extensions there).
    const packages = NAMES.flatMap((name) => ["-p", name]);
    for (const targets of [packages, ["--python-version", "3.10", ...packages], [join(here, "python", "usage.py"), ...modules]]) {
      const checked = run(venvPython, [...MYPY_STRICT, ...targets]);
      expect(checked.output).toMatch(/^Success: no issues found/m);
      expect(checked.status).toBe(0);
    }
  });

  it("gives mypy what it needs to find each mistake of a user, and no false one", () => {
    const file = join(here, "python", "rejected.py");
    const marked = readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, index) => (/^\s+\S.*# rejected:/.test(line) ? [index + 1] : []));
    const checked = run(venvPython, [...MYPY_STRICT, file]);
    const reported = [...new Set([...checked.output.matchAll(/rejected\.py:(\d+): error/g)].map((match) => Number(match[1])))];
    expect(reported, checked.output).toEqual(marked);
  });
});

describe("against the sandbox, over HTTP", () => {
  it("runs the README's quickstart as written", async () => {
    const { token } = await sandboxOrganization(sandbox.url, 3);
    const quickstart = join(scratch, "quickstart.py");
    writeFileSync(quickstart, pythonBlocks(readmeOf("acme_signing"))[0]!);
    const result = await runAsync(venvPython, [quickstart], { API_BASE_URL: sandbox.url, API_TOKEN: token });
    expect(result.status, result.output).toBe(0);
    // The first certificate of the list (the example stops there), then the placeholder id answered 404 and reported as the typed error.
    expect(result.stdout.match(/cert_/g)?.length, result.output).toBe(1);
    expect(result.stdout).toMatch(/^404 not_found: .* \(request req_\S+\)$/m);
  });

  it("runs the README's async quickstart as written, to the same outcome", async () => {
    const { token } = await sandboxOrganization(sandbox.url, 3);
    const quickstart = join(scratch, "async_quickstart.py");
    writeFileSync(quickstart, pythonBlocks(readmeOf("acme_signing")).find((block) => block.includes("AsyncClient("))!);
    const result = await runAsync(venvPython, [quickstart], { API_BASE_URL: sandbox.url, API_TOKEN: token });
    expect(result.status, result.output).toBe(0);
    expect(result.stdout.match(/cert_/g)?.length, result.output).toBe(1);
    expect(result.stdout).toMatch(/^404 not_found: .* \(request req_\S+\)$/m);
  });

  it("runs the repository README's quickstart as written", async () => {
    const { token } = await sandboxOrganization(sandbox.url, 2);
    writeFileSync(join(scratch, "repository_readme.py"), readmeQuickstart("python"));
    const result = await runAsync(venvPython, [join(scratch, "repository_readme.py")], { API_BASE_URL: sandbox.url, TOKEN: token });
    expect(result.status, result.output).toBe(0);
    expect(idPrefixes(result.stdout)).toEqual(["cert_", "cert_", "enr_"]);
  });

  // @trace python-sdk-keeps-the-client-rules-against-the-sandbox
  it("keeps the conventions: keys, pages, the cache, error families, token refresh, retries, webhooks", async () => {
    const { token, control } = await sandboxOrganization(sandbox.url);
    // A real delivery of the sandbox, to verify in Python.
    let delivered: { body: string; signature: string } | undefined;
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        delivered = { body: Buffer.concat(chunks).toString("utf8"), signature: String(request.headers["service-signature"]) };
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver!.listen(0, "127.0.0.1", resolve));
    const endpoint = await control("/webhook-endpoints", { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/` });
    await control(`/webhook-endpoints/${endpoint.id}/test`);
    expect(delivered).toBeDefined();

    const tests = await runAsync(venvPython, [join(here, "python", "sdk_test.py"), "-v"], {
      SANDBOX_URL: sandbox.url,
      TOKEN: token,
      SECRET: endpoint.secret,
      DELIVERED_BODY: delivered!.body,
      DELIVERED_SIGNATURE: delivered!.signature,
    });
    expect(tests.status, tests.output).toBe(0);
    expect(tests.output).toMatch(/Ran 19 tests/);
  });
});

describe("mutual TLS", () => {
  // @trace python-sdk-presents-a-client-certificate
  it("presents the client certificate of an ssl_context with the token; without one, a ConnectionError", async () => {
    const pki = makeTestPki();
    const server = createHttpsServer({ ...pki.server, ca: pki.ca, requestCert: true, rejectUnauthorized: true }, (request, response) => {
      const peer = (request.socket as TLSSocket).getPeerCertificate();
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ id: "cert_1", presented: peer.subject?.CN, authorization: request.headers.authorization }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const files = { CA: pki.ca, CERT: pki.clientA.cert, KEY: pki.clientA.key };
      for (const [name, contents] of Object.entries(files)) writeFileSync(join(scratch, `${name}.pem`), contents);
      const result = await runAsync(venvPython, [join(here, "python", "mutual_tls_test.py"), "-v"], {
        MTLS_URL: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
        ...Object.fromEntries(Object.keys(files).map((name) => [name, join(scratch, `${name}.pem`)])),
      });
      expect(result.status, result.output).toBe(0);
      expect(result.output).toMatch(/Ran 2 tests/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("the SDKs of public documents, against Prism mocking each", () => {
  it.each(FOREIGN)("%s: every example of its README runs as written", async (name, probe) => {
    const prism = await startPrism(SUBJECTS[name], probe);
    try {
      const modules = pythonBlocks(readmeOf(name)).map((block, index) => {
        const setUp = /^(import|from) /m.test(block)
          ? ""
          : `import os\n\nfrom ${name} import Client\n\nclient = Client(os.environ["API_BASE_URL"], access_token="any-token")\n`;
        const file = join(scratch, `run_${name}_${index}.py`);
        writeFileSync(file, `${setUp}${block}`);
        return file;
      });
      // Prism validates each request against the document: a call the SDK writes wrongly is a 4xx, raised.
      const runner = "import runpy, sys\nfor path in sys.argv[1:]:\n    runpy.run_path(path, run_name='__main__')\n";
      const result = await runAsync(venvPython, ["-c", runner, ...modules], { API_BASE_URL: prism.url, API_TOKEN: "any-token" });
      expect(result.status, result.output).toBe(0);
      // The quickstart prints an error rather than raising it: none may have come.
      expect(result.stdout, result.output).not.toMatch(/^\d{3} \S+: /m);
    } finally {
      prism.stop();
    }
  });
});
