// The corpus harness runs each type checker once over the SDKs of many documents
// (corpus/run-corpus.mjs, typeCheckSdks): tsc over the TypeScript SDKs as installed, mypy
// --strict over the Python packages and then over their READMEs' blocks, pyright strict over
// the packages. Two SDKs of a small document, one with a type error of its own in its package
// and the other in its README: each error fails its own document's step and no other, named as
// a run over that document alone names it, and the steps that pass are settled from the one run.
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSdk } from "../src/index.js";
import { type SdkToCheck, typeCheckSdks } from "./corpus/run-corpus.mjs";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const input = fileURLToPath(new URL("./fixtures/petstore-expanded/openapi.yaml", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "corpus-checks-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const STEPS = ["ours-ts-tsc", "ours-py-mypy", "ours-py-readme", "ours-py-pyright"] as const;

/** The TypeScript SDK installed into a scratch project of its own, its dependencies the workspace's. */
async function installedTypeScript(work: string, name: string): Promise<{ consumer: string; name: string }> {
  const sdkDir = join(work, "ours-ts");
  await generateSdk({ input, outDir: sdkDir, name });
  const consumer = join(work, "consumer");
  mkdirSync(join(consumer, "node_modules"), { recursive: true });
  writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "corpus-consumer", private: true, type: "module" }));
  cpSync(sdkDir, join(consumer, "node_modules", name), { recursive: true });
  for (const dependency of ["openapi-fetch", "openapi-typescript-helpers"])
    symlinkSync(join(repo, "node_modules", dependency), join(consumer, "node_modules", dependency));
  return { consumer, name };
}

/** A document's SDKs, TypeScript and Python, ready for their checks. */
async function sdkOf(name: string): Promise<SdkToCheck & { python: string; typescript: { consumer: string; name: string } }> {
  const work = join(scratch, name);
  const python = join(work, "ours-py");
  await generateSdk({ input, outDir: python, name: `${name}_sdk`, language: "python" });
  return { record: {}, steps: STEPS, python, typescript: await installedTypeScript(work, `${name}-sdk`) };
}

let broken: SdkToCheck;
let sound: SdkToCheck;

beforeAll(async () => {
  broken = await sdkOf("broken");
  sound = await sdkOf("sound");
  // A type error in the first SDK's sources, in each language, and one in the second's README.
  appendFileSync(join(broken.python!, "src", "broken_sdk", "__init__.py"), '\nwrong: int = "not an int"\n');
  appendFileSync(
    join(broken.typescript!.consumer, "node_modules", "broken-sdk", "src", "index.ts"),
    '\nexport const wrong: number = "not a number";\n',
  );
  appendFileSync(join(sound.python!, "README.md"), '\n## A wrong example\n\n```python\ncount: int = "not a count"\n```\n');
  typeCheckSdks([broken, sound], scratch);
}, 300_000);

describe("type checks run once over two documents' SDKs", () => {
  it("fail tsc for the SDK with the error only, named from its scratch project", () => {
    expect(broken.record["ours-ts-tsc"]).toMatchObject({ ok: false, errors: 1 });
    expect(broken.record["ours-ts-tsc"]?.error).toMatch(/^node_modules\/broken-sdk\/src\/index\.ts\(\d+,\d+\): error TS2322:/);
    expect(sound.record["ours-ts-tsc"]).toEqual({ ok: true, ms: broken.record["ours-ts-tsc"]?.ms });
  });

  it("fail mypy for the package with the error only, named from its src/", () => {
    expect(broken.record["ours-py-mypy"]).toMatchObject({ ok: false, errors: 1 });
    expect(broken.record["ours-py-mypy"]?.error).toMatch(/^broken_sdk\/__init__\.py:\d+: error: Incompatible types in assignment/);
    expect(sound.record["ours-py-mypy"]).toEqual({ ok: true, ms: broken.record["ours-py-mypy"]?.ms });
  });

  it("fail pyright for the package with the error only", () => {
    const failed = broken.record["ours-py-pyright"];
    expect(failed).toMatchObject({ ok: false, errors: 1 });
    expect(failed?.error).toContain(join("broken", "ours-py", "src", "broken_sdk", "__init__.py"));
    expect(Object.values(failed?.rules ?? {})).toEqual([1]);
    expect(sound.record["ours-py-pyright"]).toEqual({ ok: true, ms: failed?.ms });
  });

  it("fail the README step for the README with the error only, not for a package's own error", () => {
    const failed = sound.record["ours-py-readme"];
    expect(failed).toMatchObject({ ok: false, errors: 1 });
    expect(failed?.examples).toBeGreaterThanOrEqual(4);
    expect(failed?.passed).toBe((failed?.examples ?? 0) - 1);
    expect(failed?.error).toMatch(/^A wrong example \(README line \d+\): example_\d+\.py:1: error: Incompatible types in assignment/);
    const passed = broken.record["ours-py-readme"];
    expect(passed).toMatchObject({ ok: true, ms: failed?.ms, passed: passed?.examples });
    expect(passed?.error).toBeUndefined();
  });
});
