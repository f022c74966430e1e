// Request bodies, responses and parameters on the wire, from the Python SDK: the SDK of the
// wire document (wire/document.ts) passes mypy --strict with a user's calls (wire/calls.py,
// the calls of consumer/wire-calls.ts), and the calls put on the wire exactly the bytes of
// wire/expected.ts, the list request-bodies.test.ts holds the TypeScript SDK to. Then
// fast-check: for random nested values, every style and the form body, the Python runtime's
// serialisers (_wire.py) write the same text as the TypeScript runtime's. Debian's Python and
// mypy, as in python-sdk.test.ts.
import { execFile, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formBody, joinPairs, pathValue, styledPairs, type ParameterStyle } from "../../client/src/runtime/index.js";
import { generateSdk } from "../src/index.js";
import { bracketKey, nestedValue } from "./wire/bracket-parser.js";
import { wireDocument } from "./wire/document.js";
import { expectedResults, expectedWire } from "./wire/expected.js";
import { startRecordingServer, wireOf, type RecordingServer } from "./wire/recording-server.js";
import { MYPY_STRICT } from "./python/mypy.mjs";

const PYTHON = "/usr/bin/python3";
const here = fileURLToPath(new URL(".", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "python-request-bodies-"));
const src = join(scratch, "wire_sdk", "src");
let server: RecordingServer;
const examples: string[] = [];

/** Runs Python without blocking this process, which answers as the server meanwhile. */
function python(args: string[], input?: string) {
  return new Promise<{ status: number; stdout: string; output: string }>((resolve) => {
    const child = execFile(PYTHON, args, { cwd: src, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ status: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, output: `${stdout}${stderr}` }),
    );
    if (input !== undefined) child.stdin!.end(input);
  });
}

beforeAll(async () => {
  await generateSdk({
    input: "wire.yaml",
    document: wireDocument as never,
    outDir: join(scratch, "wire_sdk"),
    name: "wire_sdk",
    language: "python",
  });
  for (const file of ["calls.py", "serialise.py"]) copyFileSync(join(here, "wire", file), join(src, file));
  // Every example of the README, each a module after the README's set-up.
  const readme = readFileSync(join(scratch, "wire_sdk", "README.md"), "utf8");
  [...readme.matchAll(/```python\n([\s\S]*?)```/g)].forEach(([, block], index) => {
    const setUp = /^(import|from) /m.test(block!) ? "" : "from wire_sdk import Client, models\n\nclient = Client()\n";
    writeFileSync(join(src, `readme_${index}.py`), `${setUp}${block}`);
    examples.push(`readme_${index}.py`);
  });
  server = await startRecordingServer();
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("the Python SDK of a document with every body kind and parameter style", () => {
  it("passes mypy --strict, with a user's calls and the README's examples", () => {
    expect(examples.length).toBeGreaterThan(5);
    const checked = spawnSync(PYTHON, [...MYPY_STRICT, "wire_sdk", "calls.py", ...examples], {
      cwd: src,
      encoding: "utf8",
    });
    expect(checked.stdout + checked.stderr).toMatch(/^Success: no issues found/);
  }, 120_000);

  it("puts on the wire the same bytes as the TypeScript SDK, and reads text and bytes back", async () => {
    server.reset();
    const ran = await python(["calls.py", server.url]);
    expect(ran.status, ran.output).toBe(0);
    expect(server.requests.map(wireOf)).toEqual(expectedWire);
    expect(JSON.parse(ran.stdout)).toEqual(expectedResults);
  }, 60_000);
});

/** Finite numbers: integers, and doubles of any magnitude (JSON has no NaN or Infinity). */
const number = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
const scalar = fc.oneof(fc.string({ unit: "grapheme" }), number, fc.boolean());
const anyValue = fc.oneof(scalar, nestedValue, fc.array(scalar, { maxLength: 4 }), fc.dictionary(bracketKey, scalar, { maxKeys: 3 }));
const styles: ParameterStyle[] = ["form", "spaceDelimited", "pipeDelimited", "deepObject"];

type Case =
  | { kind: "form"; value: unknown; encoding?: Record<string, { style?: ParameterStyle; explode?: boolean }> }
  | { kind: "query" | "path"; name: string; value: unknown; style: ParameterStyle; explode: boolean };

const cases = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant("form" as const), value: fc.dictionary(bracketKey, anyValue, { maxKeys: 4 }) }),
    fc
      .tuple(
        fc.dictionary(fc.stringMatching(/^[a-z]{1,4}$/), anyValue, { minKeys: 1, maxKeys: 3 }),
        fc.constantFrom(...styles),
        fc.boolean(),
      )
      .map(([value, style, explode]) => ({
        kind: "form" as const,
        value,
        encoding: Object.fromEntries(Object.keys(value).map((key) => [key, { style, explode }])),
      })),
    fc.record({
      kind: fc.constant("query" as const),
      name: fc.string({ unit: "grapheme", minLength: 1, maxLength: 5 }),
      value: anyValue,
      style: fc.constantFrom(...styles),
      explode: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant("path" as const),
      name: fc.stringMatching(/^[a-z]{1,4}$/),
      value: fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(bracketKey, scalar, { maxKeys: 3 })),
      style: fc.constantFrom<ParameterStyle>("simple", "label", "matrix"),
      explode: fc.boolean(),
    }),
  ),
  { minLength: 1, maxLength: 40 },
);

function serialise(item: Case): string {
  if (item.kind === "form") return formBody(item.value, item.encoding);
  if (item.kind === "query") return joinPairs(styledPairs(item.name, item.value, { style: item.style, explode: item.explode }));
  return pathValue(item.name, item.value, { style: item.style, explode: item.explode });
}

describe("the Python and TypeScript serialisers, for any value", () => {
  it("write the same form bodies, query strings and path segments", async () => {
    // One Python process per batch of cases: fast-check makes the batches.
    const batches = fc.sample(cases, 25);
    for (const batch of batches) {
      // Through JSON, as the Python runtime receives it (integral doubles become integers).
      const values = JSON.parse(JSON.stringify(batch)) as Case[];
      const ran = await python(["serialise.py"], JSON.stringify(values));
      expect(ran.status, ran.output).toBe(0);
      expect(JSON.parse(ran.stdout)).toEqual(values.map(serialise));
    }
  }, 120_000);
});
