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
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSdk } from "../src/index.js";
import { securedDocument } from "./security/secured-document.js";
import { streamingDocument } from "./streaming/document.js";
import { wireDocument } from "./wire/document.js";

const PYTHON = "/usr/bin/python3";
const repo = fileURLToPath(new URL("../../../", import.meta.url));
const pyright = join(repo, "node_modules", "pyright", "index.js");
const scratch = mkdtempSync(join(tmpdir(), "python-pyright-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SUBJECTS: Array<[string, { input: string; document?: object }]> = [
  ["platform_sdk", { input: join(repo, "generated", "openapi.yaml") }],
  ["secured_sdk", { input: "secured.yaml", document: securedDocument }],
  ["wire_sdk", { input: "wire.yaml", document: wireDocument }],
  ["streaming_sdk", { input: "streaming.yaml", document: streamingDocument }],
];

/**
 * pyright strict over every package at once, as the corpus runs it (corpus/check-together.mjs):
 * one execution environment per package, rooted at its src/, so each imports itself as an
 * installed package would; pyright's start, its reading of the standard library's stubs, is
 * most of one run's time, and a run each cost four of them. Its output, and where it ran.
 */
function pyrightStrict(packages: string[]): string {
  const config = {
    include: packages.map((name) => `${name}/src/${name}`),
    executionEnvironments: packages.map((name) => ({ root: `${name}/src` })),
    typeCheckingMode: "strict",
    pythonVersion: "3.11",
  };
  writeFileSync(join(scratch, "pyrightconfig.json"), JSON.stringify(config));
  const checked = spawnSync(process.execPath, [pyright, "--pythonpath", PYTHON, "-p", join(scratch, "pyrightconfig.json")], {
    cwd: scratch,
    encoding: "utf8",
    timeout: 240_000,
  });
  return `${checked.stdout}${checked.stderr}`;
}

let output: string;
beforeAll(async () => {
  for (const [name, { input, document }] of SUBJECTS)
    await generateSdk({ input, document: document as never, outDir: join(scratch, name), name, language: "python" });
  output = pyrightStrict(SUBJECTS.map(([name]) => name));
}, 240_000);

describe("pyright strict, on whole generated Python SDKs", () => {
  it("checks every package, with no error or warning in all", () => {
    expect(output).toMatch(/\b0 errors, 0 warnings/);
    // Every package was read: pyright names none of them as missing and the count covers them all.
    expect(output).not.toMatch(/No source files found|Import .* could not be resolved/);
  });

  it.each(SUBJECTS)("accepts %s with no error", (name) => {
    const diagnostics = output.split("\n").filter((line) => line.includes(`/${name}/src/`));
    expect(diagnostics).toEqual([]);
  });
});
