// Every JavaScript file of the repository is type-checked like the TypeScript: it opens with
// `// @ts-check` (after a shebang), so an editor checks it too, and it is a file of a project that
// `npm run typecheck` compiles with checkJs in strict mode. A new script, build file or
// benchmark that is not fails here, naming the file.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { root } from "../support/generated.js";

/** The projects of the JavaScript files: Node's (scripts, builds, benchmarks, the spec's library) and the browser's (the sandbox console). */
const PROJECTS = ["tsconfig.js.json", "packages/sandbox/tsconfig.console.json"];

const javascript = execFileSync("git", ["ls-files", "*.js", "*.mjs", "*.cjs"], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);

function projectFiles(project: string): { files: string[]; options: ts.CompilerOptions } {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, project),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (!parsed) throw new Error(`${project} could not be read`);
  return { files: parsed.fileNames.map((file) => relative(root, file)), options: parsed.options };
}

const projects = PROJECTS.map((project) => ({ project, ...projectFiles(project) }));
const checked = new Set(projects.flatMap(({ files }) => files));

describe("JavaScript files", () => {
  it("are all in a project that npm run typecheck compiles", () => {
    expect(javascript.length).toBeGreaterThan(40);
    expect(javascript.filter((file) => !checked.has(file))).toEqual([]);
  });

  it("open with // @ts-check", () => {
    const unmarked = javascript.filter((file) => {
      const [first = "", second = ""] = readFileSync(join(root, file), "utf8").split("\n");
      return (first.startsWith("#!") ? second : first).trim() !== "// @ts-check";
    });
    expect(unmarked).toEqual([]);
  });

  it("are checked with checkJs in strict mode, each project by npm run typecheck", () => {
    const typecheck: string = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts.typecheck;
    for (const { project, options } of projects) {
      expect({ project, allowJs: options.allowJs, checkJs: options.checkJs, strict: options.strict }).toEqual({
        project,
        allowJs: true,
        checkJs: true,
        strict: true,
      });
      expect(typecheck).toContain(`tsc -p ${project} --noEmit`);
    }
  });
});
