// The workspace's packages and their tracked source files, for the tests that read the
// repository's structure (package boundaries, the import graph).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./generated.js";

/** A workspace package: its folder (relative to the repository) and its package.json. */
export interface Workspace {
  folder: string;
  manifest: Record<string, any>;
}

/** Every workspace package, in the order the root package.json lists them. */
export const workspaces: Workspace[] = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")).workspaces as string[]).map(
  (folder) => ({ folder, manifest: JSON.parse(readFileSync(join(root, folder, "package.json"), "utf8")) }),
);

/** The tracked source and build files of a package: src/, scripts/ and a build file at its top. */
export function filesOf(folder: string): string[] {
  const listed = execFileSync("git", ["ls-files", "--", `${folder}/src`, `${folder}/scripts`, `${folder}/build.mjs`], {
    cwd: root,
    encoding: "utf8",
  });
  return listed.split("\n").filter((file) => /\.(ts|mts|mjs|js)$/.test(file) && !file.includes("/generated/"));
}
