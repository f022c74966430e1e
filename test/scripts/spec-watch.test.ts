// `npm run spec:watch` (scripts/watch.mjs) on a scratch copy of spec/ and tspconfig.yaml:
// each diagnostic as `file:line:column severity code message`, the linter and warn-as-error of
// the copy's tspconfig.yaml honoured, the exit status of `--once`, and the watcher checking
// again after each save, a change of the spec's JavaScript library included, until Ctrl-C.
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { root } from "../support/generated.js";

const watchScript = join(root, "scripts", "watch.mjs");
const LISTING = "spec/resources/certificates.tsp";
// A reference the compiler cannot resolve, in a place no example depends on.
const SPREAD = "namespace SigningPlatform {";
const BROKEN = "namespace SigningPlatform {\n  alias Broken = Certificat;";
const SUMMARY = /^(✓|✗|⚠) /;

const scratches: string[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  children.splice(0).forEach((child) => child.kill("SIGKILL"));
  scratches.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

/** A copy of the spec and its config, resolving packages from the repository's node_modules. */
function specCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "signing-platform-spec-watch-"));
  scratches.push(dir);
  cpSync(join(root, "spec"), join(dir, "spec"), { recursive: true });
  cpSync(join(root, "tspconfig.yaml"), join(dir, "tspconfig.yaml"));
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  return dir;
}

function edit(dir: string, file: string, change: (text: string) => string) {
  const path = join(dir, file);
  const before = readFileSync(path, "utf8");
  const after = change(before);
  expect(after).not.toBe(before);
  writeFileSync(path, after);
}

/** Misspells the spread of the listing's page parameters; returns its `line:column`. */
function breakListing(dir: string): string {
  edit(dir, LISTING, (text) => text.replace(SPREAD, BROKEN));
  const lines = readFileSync(join(dir, LISTING), "utf8").split("\n");
  const line = lines.findIndex((text) => text.includes("Certificat;"));
  return `${line + 1}:${(lines[line] ?? "").indexOf("Certificat;") + 1}`;
}

const once = (dir: string) => {
  const run = spawnSync(process.execPath, [watchScript, "--once", "--root", dir], { encoding: "utf8" });
  return { status: run.status, lines: run.stdout.trim().split("\n"), stderr: run.stderr };
};

describe("scripts/watch.mjs --once", () => {
  it("passes the spec as it is, in one summary line", () => {
    const run = once(specCopy());
    expect(run.lines).toEqual([expect.stringMatching(/^✓ spec compiled clean in \d+\.\d s$/)]);
    expect(run.status).toBe(0);
  });

  it("names the file, line and column of an error, and fails", () => {
    const dir = specCopy();
    const at = breakListing(dir);
    const run = once(dir);
    expect(run.lines).toEqual([
      `${LISTING}:${at} error invalid-ref Unknown identifier Certificat`,
      expect.stringMatching(/^✗ 1 error, 0 warnings in \d+\.\d s$/),
    ]);
    expect(run.status).toBe(1);
  });

  it("runs the linter rules of tspconfig.yaml, as errors under warn-as-error and as warnings without it", () => {
    const dir = specCopy();
    edit(dir, "tspconfig.yaml", (text) => text.replace("linter:\n", 'linter:\n  enable:\n    "@typespec/compiler/unused-using": true\n'));
    edit(dir, LISTING, (text) => text.replace(/^namespace /m, "using TypeSpec.JsonSchema;\nnamespace "));
    const line = readFileSync(join(dir, LISTING), "utf8").split("\n").indexOf("using TypeSpec.JsonSchema;") + 1;
    const unused = `${LISTING}:${line}:1 error @typespec/compiler/unused-using 'using TypeSpec.JsonSchema' is declared but never used.`;
    const strict = once(dir);
    expect(strict.lines).toContain(unused);
    expect(strict.lines.at(-1)).toMatch(/^✗ \d+ errors, 0 warnings in /);
    expect(strict.status).toBe(1);

    edit(dir, "tspconfig.yaml", (text) => text.replace("warn-as-error: true", "warn-as-error: false"));
    const lenient = once(dir);
    expect(lenient.lines).toContain(unused.replace(" error ", " warning "));
    expect(lenient.lines.at(-1)).toMatch(/^⚠ 0 errors, \d+ warnings in /);
    expect(lenient.status).toBe(0);
  });
});

describe("scripts/watch.mjs, watching", () => {
  function startWatching(dir: string) {
    const child = spawn(process.execPath, [watchScript, "--root", dir]);
    children.push(child);
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    let seen = 0;
    /** The lines of the next check, up to its summary. */
    const nextCheck = async (): Promise<string[]> => {
      const started = Date.now();
      for (;;) {
        const lines = output.split("\n").slice(0, -1);
        const end = lines.findIndex((line, index) => index >= seen && SUMMARY.test(line));
        if (end >= 0) {
          const check = lines.slice(seen, end + 1);
          seen = end + 1;
          return check;
        }
        if (Date.now() - started > 30_000) throw new Error(`no check within 30 s; the watcher printed:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    return { child, nextCheck };
  }

  it("checks at start and after every save, the spec's library included, and ends on Ctrl-C", async () => {
    const dir = specCopy();
    const { child, nextCheck } = startWatching(dir);
    expect((await nextCheck()).at(-1)).toMatch(/^✓ spec compiled clean/);

    const at = breakListing(dir);
    const broken = await nextCheck();
    expect(broken[0]).toMatch(new RegExp(`^\\[\\d\\d:\\d\\d:\\d\\d\\] ${LISTING} changed$`));
    expect(broken.slice(1)).toEqual([
      `${LISTING}:${at} error invalid-ref Unknown identifier Certificat`,
      expect.stringMatching(/^✗ 1 error, 0 warnings in /),
    ]);

    edit(dir, LISTING, (text) => text.replace(BROKEN, SPREAD));
    expect((await nextCheck()).slice(1)).toEqual([expect.stringMatching(/^✓ spec compiled clean/)]);

    // A library that no longer loads is reported; once repaired, it is imported anew.
    const library = "spec/lib/conventions.js";
    const original = readFileSync(join(dir, library), "utf8");
    writeFileSync(join(dir, library), `${original}\nexport const broken = ;\n`);
    const unloadable = await nextCheck();
    expect(unloadable).toContainEqual(
      expect.stringMatching(/^spec\/lib\/conventions\.tsp:\d+:\d+ error js-error Failed to load .*conventions\.js/),
    );
    expect(unloadable.at(-1)).toMatch(/^✗ /);
    writeFileSync(join(dir, library), original);
    expect((await nextCheck()).slice(1)).toEqual([expect.stringMatching(/^✓ spec compiled clean/)]);

    const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
    child.kill("SIGINT");
    expect(await exited).toEqual({ code: 0, signal: null });
  });
});
