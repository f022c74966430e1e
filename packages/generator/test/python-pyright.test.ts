// pyright in strict mode accepts whole Python SDKs, the runtime's modules (_runtime.py,
// _security.py, _wire.py, _streaming.py and the modules it reads, and the async client's on
// Debian's httpx) with the modules written from the document, as mypy --strict does
// (the other python-*.test.ts check that): the SDKs of small documents that between them use
// every feature of the generator: this API's document (pagination, idempotency keys,
// conditional reads, webhooks), one security scheme of every kind (security/secured-document.ts),
// every body kind and parameter style (wire/document.ts: forms, multipart, files, text) and
// streamed successes (streaming/document.ts: overloads on `stream`, server-sent events, JSON Lines).
// The models' own cases (discriminated unions, nullable references) are in python-models.test.ts.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { generateSdk } from "../src/index.js";
import { securedDocument } from "./security/secured-document.js";
import { streamingDocument } from "./streaming/document.js";
import { wireDocument } from "./wire/document.js";

const PYTHON = "/usr/bin/python3";
const repo = fileURLToPath(new URL("../../../", import.meta.url));
const pyright = join(repo, "node_modules", "pyright", "index.js");
const scratch = mkdtempSync(join(tmpdir(), "python-pyright-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** pyright strict over the package, as the corpus runs it (corpus/run-corpus.mjs): its output. */
function pyrightStrict(src: string, name: string): string {
  writeFileSync(join(src, "pyrightconfig.json"), JSON.stringify({ include: [name], typeCheckingMode: "strict", pythonVersion: "3.11" }));
  const checked = spawnSync(process.execPath, [pyright, "--pythonpath", PYTHON, "-p", join(src, "pyrightconfig.json")], {
    cwd: src,
    encoding: "utf8",
    timeout: 120_000,
  });
  return `${checked.stdout}${checked.stderr}`;
}

const SUBJECTS: Array<[string, { input: string; document?: object }]> = [
  ["platform_sdk", { input: join(repo, "generated", "openapi.yaml") }],
  ["secured_sdk", { input: "secured.yaml", document: securedDocument }],
  ["wire_sdk", { input: "wire.yaml", document: wireDocument }],
  ["streaming_sdk", { input: "streaming.yaml", document: streamingDocument }],
];

describe("pyright strict, on whole generated Python SDKs", () => {
  it.each(SUBJECTS)(
    "accepts %s with no error",
    async (name, { input, document }) => {
      const outDir = join(scratch, name);
      await generateSdk({ input, document: document as never, outDir, name, language: "python" });
      expect(pyrightStrict(join(outDir, "src"), name)).toMatch(/\b0 errors, 0 warnings/);
    },
    120_000,
  );
});
