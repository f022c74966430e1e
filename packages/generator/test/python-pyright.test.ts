// pyright in strict mode accepts whole Python SDKs, the runtime's modules (_runtime.py,
// _security.py, _wire.py, _streaming.py and the modules it reads, and the async client's on
// Debian's httpx) with the modules written from the document, as mypy --strict does
// (the other python-*.test.ts check that): the SDKs of small documents that between them use
// every feature of the generator: this API's document (pagination, idempotency keys,
// conditional reads, webhooks), one security scheme of every kind (security/secured-document.ts),
// every body kind and parameter style (wire/document.ts: forms, multipart, files, text) and
// streamed successes (streaming/document.ts: overloads on `stream`, server-sent events, JSON Lines).
// The models' own cases (discriminated unions, nullable references) are in python-models.test.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSdk } from "../src/index.js";
import { type SdkToCheck, type StepOutcome, typeCheckSdks } from "./corpus/run-corpus.mjs";
import { securedDocument } from "./security/secured-document.js";
import { streamingDocument } from "./streaming/document.js";
import { wireDocument } from "./wire/document.js";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "python-pyright-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SUBJECTS: Array<[string, { input: string; document?: object }]> = [
  ["platform_sdk", { input: join(repo, "generated", "openapi.yaml") }],
  ["secured_sdk", { input: "secured.yaml", document: securedDocument }],
  ["wire_sdk", { input: "wire.yaml", document: wireDocument }],
  ["streaming_sdk", { input: "streaming.yaml", document: streamingDocument }],
];

const sdks = new Map<string, SdkToCheck>();

// pyright's start, its reading of the standard library's stubs, is most of a run's time: the
// corpus harness runs it once over every package (typeCheckSdks, corpus/check-together.mjs),
// each in an execution environment of its own, and gives each the diagnostics of its own files.
beforeAll(async () => {
  for (const [name, { input, document }] of SUBJECTS) {
    const outDir = join(scratch, name);
    await generateSdk({ input, document: document as never, outDir, name, language: "python" });
    sdks.set(name, { record: {}, steps: ["ours-py-pyright"], python: outDir });
  }
  typeCheckSdks([...sdks.values()], scratch);
}, 240_000);

describe("pyright strict, on whole generated Python SDKs", () => {
  it.each(SUBJECTS)("accepts %s with no error or warning", (name) => {
    // The harness keeps a check's output beside its outcome.
    const checked = sdks.get(name)?.record["ours-py-pyright"] as (StepOutcome & { output?: string }) | undefined;
    expect(checked?.ok, checked?.error).toBe(true);
    // The package's own diagnostics, warnings included: none.
    expect(checked?.output).toBe("");
  });
});
