// The Python SDK of any document, however its authors named things (./any-document.ts: paths,
// operationIds, tags, parameters, schema and property names of any characters, Python's
// keywords and the SDK's own names among them, schemas that refer to each other): the
// generator writes a package that Python compiles and mypy --strict accepts, with one method
// per operation, or refuses with a GeneratorInputError of one line. Debian's Python and mypy,
// as in python-sdk.test.ts.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { generateSdk, GeneratorInputError } from "../src/index.js";
import { anyDocumentWithSchemas } from "./any-document.js";
import { MYPY_STRICT } from "./python/mypy.mjs";

const PYTHON = "/usr/bin/python3";
const scratch = mkdtempSync(join(tmpdir(), "generator-any-python-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes the SDK, or returns undefined where the generator refuses the document in one line. */
async function generated(input: unknown, outDir: string): Promise<string | undefined> {
  try {
    await generateSdk({ input: "any.yaml", document: input as never, outDir, name: "any_sdk", language: "python" });
    return join(outDir, "src");
  } catch (error) {
    if (!(error instanceof GeneratorInputError)) throw error;
    expect(error.message).not.toContain("\n");
    return undefined;
  }
}

describe("generateSdk --language python, for any document", () => {
  it("writes modules Python compiles, with one method per operation", async () => {
    let run = 0;
    let written = 0;
    await fc.assert(
      fc.asyncProperty(anyDocumentWithSchemas, async (input) => {
        const outDir = join(scratch, String(run++));
        try {
          const src = await generated(input, outDir);
          if (!src) return;
          const compiled = spawnSync(PYTHON, ["-m", "compileall", "-q", src], { encoding: "utf8" });
          expect(compiled.stdout + compiled.stderr).toBe("");
          // The package imports: the models' quoted types and the resources' defaults are valid Python.
          const imported = spawnSync(PYTHON, ["-c", "import any_sdk; any_sdk.Client()"], { cwd: src, encoding: "utf8" });
          expect(imported.stderr).toBe("");
          const methods = (readFileSync(join(src, "any_sdk", "_api.py"), "utf8").match(/^ {4}def (?!__init__)/gm) ?? []).length;
          const operations = Object.values(input.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
          expect(methods).toBe(operations);
          written++;
        } finally {
          rmSync(outDir, { recursive: true, force: true });
        }
      }),
      {
        numRuns: 40,
        // Text Python would read as escapes or as the end of a docstring, and characters no
        // source file may hold, in the title, a summary and a schema's enum.
        examples: [
          [
            {
              openapi: "3.1.0",
              info: { title: 'a\\N{x} \\u12 """ \u0000 "', version: "1.0.0\\" },
              paths: { "/a": { get: { operationId: "get", summary: '"""\\x\u0007"', parameters: [] } } },
              components: { schemas: { Kind: { enum: ["a|b", "it's", 'say "hi"', "back\\slash"] } } },
            },
          ],
        ],
      },
    );
    expect(written).toBeGreaterThan(20);
  }, 120_000);

  it("writes packages mypy --strict accepts", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(anyDocumentWithSchemas, async (input) => {
        const outDir = join(scratch, `mypy-${run++}`);
        try {
          const src = await generated(input, outDir);
          if (!src) return;
          const checked = spawnSync(PYTHON, [...MYPY_STRICT, "-p", "any_sdk"], {
            cwd: src,
            encoding: "utf8",
          });
          expect(checked.stdout + checked.stderr).toMatch(/^Success: no issues found/);
        } finally {
          rmSync(outDir, { recursive: true, force: true });
        }
      }),
      // Each run is a mypy check of a second or more: a failure is reported as found, not shrunk.
      { numRuns: 8, endOnFailure: true },
    );
  }, 120_000);
});
