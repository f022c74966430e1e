// Every kind of OpenAPI security scheme in the Python SDK, as security-schemes.test.ts does for
// TypeScript: the SDK of test/security/secured-document.ts passes mypy --strict (as Python 3.10
// too), with its README's Authenticate example; then python/security_test.py calls the
// loopback server, which this process serves meanwhile. Python and mypy are Debian's, as in
// python-sdk.test.ts.
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSdk } from "../src/index.js";
import { securedDocument, startSecuredServer, type SecuredServer } from "./security/secured-document.js";
import { MYPY_STRICT } from "./python/mypy.mjs";

const PYTHON = "/usr/bin/python3";
const here = fileURLToPath(new URL(".", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "python-security-"));
const source = join(scratch, "sdk", "src");
let server: SecuredServer;

beforeAll(async () => {
  server = await startSecuredServer();
  await generateSdk({
    input: "secured.yaml",
    document: securedDocument,
    outDir: join(scratch, "sdk"),
    name: "secured_api",
    language: "python",
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe("a generated Python SDK with every kind of security scheme", () => {
  it("passes mypy --strict, its README's Authenticate example included", () => {
    const readme = readFileSync(join(scratch, "sdk", "README.md"), "utf8");
    const example = /## Authenticate[\s\S]*?```python\n([\s\S]*?)```/.exec(readme)![1]!;
    writeFileSync(join(scratch, "readme_authenticate.py"), example);
    for (const name of ["basicAuth", "bearerAuth", "ApiKeyHeader", "ApiKeyQuery", "ApiKeyCookie", "clientCredentials", "oidc", "mtls"])
      expect(readme).toContain(`(\`${name}\`)`);
    for (const targets of [
      ["-p", "secured_api"],
      ["--python-version", "3.10", "-p", "secured_api"],
      [join(scratch, "readme_authenticate.py")],
    ]) {
      const checked = spawnSync(PYTHON, [...MYPY_STRICT, ...targets], {
        encoding: "utf8",
        cwd: scratch,
        env: { ...process.env, MYPYPATH: source },
      });
      expect(`${checked.stdout}${checked.stderr}`).toMatch(/^Success: no issues found/m);
    }
  }, 120_000);

  it("sends each operation its own credentials, fetches and refreshes OAuth 2.0 tokens, keeps secrets out of errors", async () => {
    // Asynchronous, so that this process answers the calls meanwhile.
    const result = await new Promise<{ code: number; output: string }>((resolve) =>
      execFile(
        PYTHON,
        [join(here, "python", "security_test.py"), "-v"],
        { cwd: scratch, env: { ...process.env, SERVER_URL: server.url, PYTHONPATH: source }, timeout: 60_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
      ),
    );
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Ran 10 tests/);
  }, 90_000);
});
