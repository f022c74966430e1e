// Streamed successes in the Python SDK: the SDK of test/streaming/document.ts passes mypy
// --strict with the tests that use it (their assert_type holding each method's types: stream=True
// an EventStream of the event schema's model, no stream the JSON body); python/sse_parser_test.py
// holds the parser to the standard's rules; python/streaming_test.py iterates the loopback
// server (test/streaming/server.ts), which this process serves meanwhile, and
// python/async_streaming_test.py reads it with the AsyncClient. The README's streaming examples
// pass mypy --strict too, and a README without a streamed operation has no such section. Python,
// mypy and httpx are Debian's, as in python-sdk.test.ts.
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSdk } from "../src/index.js";
import { pythonExampleFiles } from "./corpus/readme-examples.mjs";
import { MYPY_STRICT } from "./python/mypy.mjs";
import { streamingDocument } from "./streaming/document.js";
import { type StreamingServer, startStreamingServer } from "./streaming/server.js";

const PYTHON = "/usr/bin/python3";
const here = fileURLToPath(new URL("./python/", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "python-streaming-"));
const source = join(scratch, "sdk", "src");
const TESTS = [join(here, "sse_parser_test.py"), join(here, "streaming_test.py"), join(here, "async_streaming_test.py")];
let server: StreamingServer;

beforeAll(async () => {
  server = await startStreamingServer();
  await generateSdk({
    input: "streaming.yaml",
    document: streamingDocument,
    outDir: join(scratch, "sdk"),
    name: "streaming_api",
    language: "python",
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs a Python test module with the SDK importable; asynchronous, so that this process answers meanwhile. */
function runTests(file: string) {
  return new Promise<{ code: number; output: string }>((resolve) =>
    execFile(
      PYTHON,
      [file, "-v"],
      // The tests' folder too: the async tests read the server's log with streaming_test.py's helpers.
      { cwd: scratch, env: { ...process.env, SERVER_URL: server.url, PYTHONPATH: [source, here].join(delimiter) }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
    ),
  );
}

describe("a generated Python SDK whose operations stream", () => {
  it("passes mypy --strict, with the tests that hold its methods' types", () => {
    for (const targets of [["-p", "streaming_api"], TESTS]) {
      const checked = spawnSync(PYTHON, [...MYPY_STRICT, ...targets], {
        encoding: "utf8",
        cwd: scratch,
        env: { ...process.env, MYPYPATH: source },
      });
      expect(`${checked.stdout}${checked.stderr}`).toMatch(/^Success: no issues found/m);
    }
  }, 120_000);

  it("shows streaming in its README, for Client and AsyncClient, and passes mypy --strict", () => {
    const readme = readFileSync(join(scratch, "sdk", "README.md"), "utf8");
    const files = pythonExampleFiles(readme, "streaming_api").filter(({ block }) => block.section === "Streaming responses");
    expect(files.map(({ source }) => source)).toEqual([
      expect.stringMatching(/stream=True\)\n[\s\S]*for event in stream:[\s\S]*break/),
      expect.stringMatching(/AsyncClient[\s\S]*async for event in stream:/),
    ]);
    for (const { file, source } of files) writeFileSync(join(scratch, file), source);
    const checked = spawnSync(PYTHON, [...MYPY_STRICT, ...files.map(({ file }) => file)], {
      encoding: "utf8",
      cwd: scratch,
      env: { ...process.env, MYPYPATH: source },
    });
    expect(`${checked.stdout}${checked.stderr}`).toMatch(/^Success: no issues found/m);
  }, 120_000);

  it("has no streaming section in the README of a document that streams nothing", async () => {
    const { "/completions": _completions, "/events": _events, "/records": _records, ...paths } = streamingDocument.paths;
    const document = {
      ...streamingDocument,
      paths: { ...paths, "/ping": { get: { operationId: "ping", responses: { "204": { description: "OK" } } } } },
    };
    const outDir = join(scratch, "no-streams");
    await generateSdk({ input: "plain.yaml", document, outDir, name: "plain_api", language: "python" });
    expect(readFileSync(join(outDir, "README.md"), "utf8")).not.toContain("## Streaming responses");
  });

  it("parses server-sent events and JSON records by the standard's rules, whatever the chunks", async () => {
    const result = await runTests(TESTS[0]!);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Ran 8 tests/);
  });

  it("iterates typed events as they arrive, passes unknown ones through, closes, breaks and resumes", async () => {
    const result = await runTests(TESTS[1]!);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Ran 6 tests/);
  }, 60_000);

  it("gives the same events to the AsyncClient's `async for`, and closes, breaks and resumes alike", async () => {
    const result = await runTests(TESTS[2]!);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Ran 6 tests/);
  }, 60_000);
});
