// Packages meet only through each other's published entry points: no source file or build
// script of one package reaches into another's folder by path (the generator embeds the runtime
// through `@signing-platform/client/runtime-sources` and its siblings, not by copying files),
// and every package a source file imports by name is a declared dependency of its own.
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../support/generated.js";
import { filesOf, workspaces } from "../support/workspace-files.js";

describe.each(workspaces.map((workspace) => [workspace.manifest.name as string, workspace] as const))("%s", (_name, workspace) => {
  const files = filesOf(workspace.folder);
  const others = workspaces.filter((other) => other.folder !== workspace.folder);

  it("reaches no other package's folder by path", () => {
    const reaching: string[] = [];
    for (const file of files) {
      const code = readFileSync(join(root, file), "utf8").replace(/^\s*(\/\/|\*).*$/gm, "");
      // A relative path in a string, resolved from the file's folder, or a path joined from the package's parent.
      const landings = [
        ...[...code.matchAll(/["'`]((?:\.\.\/)+[^"'`$]*)/g)].map(([, path]) => relative(root, resolve(root, dirname(file), path!))),
        ...[...code.matchAll(/"\.\.", "([a-z-]+)"/g)].map(([, base]) => join(workspace.folder, "..", base!)),
      ];
      for (const other of others) {
        if (landings.some((path) => path === other.folder || path.startsWith(`${other.folder}/`)))
          reaching.push(`${file} → ${other.folder}`);
      }
    }
    expect(reaching).toEqual([]);
  });

  it("declares every workspace package its sources import by name", () => {
    const declared = new Set(Object.keys({ ...workspace.manifest.dependencies, ...workspace.manifest.peerDependencies }));
    const undeclared = new Set<string>();
    for (const file of files.filter((path) => path.includes("/src/"))) {
      const code = readFileSync(join(root, file), "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/^\s*\/\/.*$/gm, "");
      for (const [, name] of code.matchAll(/from\s+"(@signing-platform\/[a-z-]+)(?:\/[^"]*)?"/g)) {
        if (name !== workspace.manifest.name && !declared.has(name!)) undeclared.add(`${file}: ${name}`);
      }
    }
    expect([...undeclared]).toEqual([]);
  });
});
