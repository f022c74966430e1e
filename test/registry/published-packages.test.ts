// Every public package as npm publishes it: no public package depends on one that cannot be
// published, each tarball passes publint (warnings as errors) and @arethetypeswrong's check
// (both through their APIs, in this process), and each installs by name from a registry into an
// empty folder outside the workspace, where every entry of its `exports` map imports.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { arethetypeswrong, publint } from "../../packages/types/test/support/pack.js";
import { type InstalledPackages, installedPackages, publicWorkspaces, repositoryRoot } from "../support/installed-packages.js";

let installed: InstalledPackages;
beforeAll(async () => {
  installed = await installedPackages();
}, 600_000);

const workspaces = publicWorkspaces();
const publicNames = new Set(workspaces.map(({ manifest }) => manifest.name));
const allWorkspaceNames = (JSON.parse(readFileSync(join(repositoryRoot, "package.json"), "utf8")).workspaces as string[]).map(
  (folder) => JSON.parse(readFileSync(join(repositoryRoot, folder, "package.json"), "utf8")).name as string,
);

it("publishes every workspace package, the spec's TypeSpec library included", () => {
  expect([...publicNames].sort()).toEqual([...allWorkspaceNames].sort());
});

describe.each(workspaces.map(({ folder, manifest }) => [manifest.name, folder, manifest] as const))("%s", (name, _folder, manifest) => {
  const tarball = () => installed.packages.find((entry) => entry.name === name)!.tarball;

  it("depends on no workspace package that is not published", () => {
    const workspaceDependencies = Object.keys(manifest.dependencies ?? {}).filter((dependency) =>
      dependency.startsWith("@signing-platform/"),
    );
    expect(workspaceDependencies.filter((dependency) => !publicNames.has(dependency))).toEqual([]);
  });

  it("passes publint --strict", async () => {
    expect(await publint(tarball())).toEqual([]);
  });

  it("passes @arethetypeswrong/cli's check, with types for every entry", async () => {
    expect(await arethetypeswrong(tarball())).toEqual({ typed: true, problems: [] });
  });

  it("imports by name, every entry of its exports map, from the user's folder", () => {
    const manifestExports = JSON.parse(readFileSync(join(installed.folder, "node_modules", name, "package.json"), "utf8"))
      .exports as Record<string, unknown>;
    const entries = Object.keys(manifestExports).filter((entry) => !entry.endsWith(".json") && !entry.includes("*"));
    const script = entries
      .map((entry) => `await import(${JSON.stringify(entry === "." ? name : `${name}/${entry.slice(2)}`)});`)
      .join("\n");
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: installed.folder,
      env: installed.env,
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});
