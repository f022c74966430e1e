// Packs a workspace package as npm would publish it, and runs the linters of published
// packages on a tarball: the package tests of types, validators and conformance look into
// theirs, and test/registry/published-packages.test.ts lints every package's.
import { execFileSync, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Problem } from "@arethetypeswrong/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

export const repositoryRoot = fileURLToPath(new URL("../../../../", import.meta.url));

export function temporaryDirectory(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `${prefix}-`));
}

/** `npm pack` of packages/<name> into `destination`; the tarball's path. */
export function packWorkspace(name: string, destination: string): string {
  const result = run("npm", ["pack", "--json", "--pack-destination", destination], join(repositoryRoot, "packages", name));
  const [packed] = JSON.parse(result.stdout) as { filename: string }[];
  return join(destination, packed!.filename);
}

/**
 * publint --strict on a tarball, through its API in this process (a process each cost a Node
 * start per package): each message as the CLI prints it, so an empty list is "All good!".
 */
export async function publint(tarball: string): Promise<string[]> {
  // Imported when called: the files that only pack a package do not load the linters.
  const [{ publint: lintPublished }, { formatMessage }] = await Promise.all([import("publint"), import("publint/utils")]);
  const data = await readFile(tarball);
  const { messages, pkg } = await lintPublished({ pack: { tarball: new Uint8Array(data).buffer }, strict: true });
  return messages.map((message) => `${message.type}: ${formatMessage(message, pkg, { color: false }) ?? message.code}`);
}

/** Resolutions the `esm-only` profile of @arethetypeswrong/cli does not hold against a package. */
const ESM_ONLY_IGNORED = new Set(["node10", "node16-cjs"]);

/**
 * @arethetypeswrong/cli's check of a tarball, through its core in this process, with the
 * `esm-only` profile: the packages are ESM only, so `require()` from CommonJS under node16
 * resolution is not expected to work; every other resolution must. Whether the package has types
 * at all, and the problems the profile counts (the CLI's exit status is 1 when there are any).
 */
export async function arethetypeswrong(tarball: string): Promise<{ typed: boolean; problems: Problem[] }> {
  const { checkPackage, createPackageFromTarballData } = await import("@arethetypeswrong/core");
  const analysis = await checkPackage(createPackageFromTarballData(new Uint8Array(await readFile(tarball))));
  if (!analysis.types) return { typed: false, problems: [] };
  const problems = analysis.problems.filter((problem) => !("resolutionKind" in problem && ESM_ONLY_IGNORED.has(problem.resolutionKind)));
  return { typed: true, problems };
}

export function run(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, npm_config_loglevel: "error" } });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}

/**
 * The checks of a published package's contents: the tarball `npm pack` of packages/<name>
 * writes holds dist/ and the README but no sources. `moreChecks` adds tests on the file list.
 * publint and @arethetypeswrong/cli run on every package's tarball in
 * test/registry/published-packages.test.ts, once.
 */
export function describePackedPackage(name: string, moreChecks: (files: () => string[]) => void = () => {}): void {
  describe(`@signing-platform/${name} as packed`, () => {
    let directory: string;
    let tarball: string;
    let files: string[];
    beforeAll(() => {
      directory = temporaryDirectory(`${name}-pack`);
      tarball = packWorkspace(name, directory);
      files = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).split("\n").filter(Boolean);
    });
    afterAll(() => rmSync(directory, { recursive: true, force: true }));

    it("holds dist/ with its declarations and the README, and no sources", () => {
      expect(files).toContain("package/dist/index.js");
      expect(files).toContain("package/dist/index.d.ts");
      expect(files).toContain("package/README.md");
      expect(files.filter((file) => file.startsWith("package/src/") || file.startsWith("package/test/"))).toEqual([]);
    });

    moreChecks(() => files);
  });
}
