// `signing-platform generate`, run as the real command: it writes an SDK package for a
// document with our extensions, and refuses unusable input with one line and exit 2. (The
// generated SDK is built and called over HTTP in packages/generator/test.)
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generatedOpenApi, runCli, workspace } from "./support/cli.js";

const space = workspace();
afterAll(space.cleanup);

describe("signing-platform generate", () => {
  it("is listed by --help", async () => {
    const run = await runCli(["--help"], space.dir);
    expect(run.stdout).toMatch(/^\s+generate\s+Write a typed TypeScript SDK package/m);
  });

  it("writes an SDK package for the project's document", async () => {
    const input = space.write("openapi.yaml", generatedOpenApi());
    const run = await runCli(["generate", "--input", input, "--out", "sdk", "--name", "@acme/signing-sdk"], space.dir);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const manifest = JSON.parse(readFileSync(join(space.dir, "sdk", "package.json"), "utf8"));
    expect(manifest.name).toBe("@acme/signing-sdk");
    expect(existsSync(join(space.dir, "sdk", "src", "client.ts"))).toBe(true);
  });

  it.each([
    ["no arguments", [], /missing --input and --out/],
    ["a missing input file", ["--input", "nowhere.yaml", "--out", "x"], /nowhere\.yaml/],
    ["an unknown option", ["--input", "a.yaml", "--out", "x", "--colour"], /colour/],
  ])("refuses %s with one line and exit 2", async (_name, args, message) => {
    const run = await runCli(["generate", ...args], space.dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
