// The spec's TypeSpec library in a TypeSpec project that is not the platform's, set up as its
// README tells a user: in a folder outside the workspace, on the packages installed by name
// (support/installed-packages.ts), a `Widgets` service of its own with the README's
// tspconfig.yaml and its `#suppress` example. The installed compiler reports the linter's
// finding at the .tsp line, the library's emitter writes the source map beside the OpenAPI
// document, and the installed `signing-platform lint` reports its findings at the .tsp lines.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { parseSourceMap, type SourceMap } from "@signing-platform/contract/source-map";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InstalledPackages, installedPackages } from "../support/installed-packages.js";
import { blockWith } from "../support/readme-blocks.js";

const README = "spec/lib/README.md";
const LIBRARY = "@signing-platform/typespec-conventions";

const tspconfig = blockWith(README, "yaml", `"${LIBRARY}/all"`).code;
const suppressed = blockWith(README, "tsp", "#suppress").code;
const commands = blockWith(README, "sh", "npx tsp compile .").code;

/** The user's service: their own namespace, none of the platform's models, one property that is not snake_case. */
const MAIN = `import "@typespec/http";

using Http;

/** Widgets, a service of its own. */
@service(#{ title: "Widgets" })
namespace Widgets;

/** A widget. */
model Widget {
  id: string;
  displayName: string;
}

@opExample(#{ parameters: #{ id: "w_1" }, returnType: #{ id: "w_1", displayName: "One" } })
@route("/widgets/{id}")
@get
op getWidget(@path id: string): Widget;

${suppressed}`;

/** The line of main.tsp, from 1, that holds `text`. */
const lineOf = (text: string) => MAIN.split("\n").findIndex((line) => line.includes(text)) + 1;

const OUTPUT = join("tsp-output", "openapi");

let installed: InstalledPackages;
let user: string;
let compiled: { status: number | null; output: string };

/** A command of the user's, in their folder, with the installed packages' bin on PATH. */
function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: user, env: installed.env, encoding: "utf8", timeout: 300_000 });
  // The compiler colours its output where it thinks a terminal is (CI=true counts): the text, as read.
  const [stdout, stderr] = [stripVTControlCharacters(result.stdout), stripVTControlCharacters(result.stderr)];
  return { status: result.status, stdout, stderr, output: `${stdout}${stderr}` };
}

beforeAll(async () => {
  installed = await installedPackages();
  user = mkdtempSync(join(tmpdir(), "typespec-user-"));
  symlinkSync(join(installed.folder, "node_modules"), join(user, "node_modules"));
  writeFileSync(join(user, "package.json"), `${JSON.stringify({ name: "widgets", private: true, type: "module" }, null, 2)}\n`);
  writeFileSync(join(user, "tspconfig.yaml"), tspconfig);
  writeFileSync(join(user, "main.tsp"), MAIN);
  compiled = run("tsp", ["compile", "."]);
}, 600_000);

afterAll(() => {
  if (user) rmSync(user, { recursive: true, force: true });
});

describe("a TypeSpec project that is not the platform's, with the library installed by name", () => {
  it("compiles, and the linter reports the property that is not snake_case at its .tsp line, and nothing the #suppress silences", () => {
    expect(compiled.status, compiled.output).toBe(0);
    expect(compiled.output).toContain(`main.tsp:${lineOf("displayName: string")}:3 - warning ${LIBRARY}/snake-case:`);
    const findings = [...compiled.output.matchAll(/^\S+:\d+:\d+ - (?:warning|error) (\S+):/gm)].map((match) => match[1]);
    expect(findings).toEqual([`${LIBRARY}/snake-case`]);
    expect(compiled.output).not.toContain("partnerId");
  });

  it("writes openapi.sourcemap.json beside openapi.yaml, its pointers at main.tsp lines and the #suppress with its reason", () => {
    expect(existsSync(join(user, OUTPUT, "openapi.yaml"))).toBe(true);
    const parsed = parseSourceMap(readFileSync(join(user, OUTPUT, "openapi.sourcemap.json"), "utf8"));
    expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
    const map = (parsed as { map: SourceMap }).map;
    expect(map.document).toBe("openapi.yaml");
    const mainTsp = "../../main.tsp"; // from tsp-output/openapi/
    expect(map.sources["/components/schemas/Widget/properties/displayName"]).toEqual({
      file: mainTsp,
      line: lineOf("displayName: string"),
      column: 3,
    });
    expect(map.sources["/paths/~1widgets~1{id}/get"]).toMatchObject({ file: mainTsp, line: lineOf("op getWidget") });
    expect(new Set(Object.values(map.sources).map((source) => source.file))).toEqual(new Set([mainTsp]));
    expect(map.suppressions).toEqual([
      {
        code: `${LIBRARY}/snake-case`,
        reason: "The field is named by the partner's file format.",
        file: mainTsp,
        line: lineOf("#suppress"),
        column: 1,
      },
    ]);
  });

  it("has signing-platform lint --format github-actions name main.tsp lines for its findings, not openapi.yaml lines", () => {
    const lint = run("signing-platform", ["lint", join(OUTPUT, "openapi.yaml"), "--format", "github-actions"]);
    expect(lint.stderr).toBe("");
    const annotations = lint.stdout.split("\n").filter((line) => line.startsWith("::"));
    expect(annotations.length).toBeGreaterThan(0);
    expect(annotations.filter((line) => !/,file=main\.tsp,/.test(line))).toEqual([]);
    expect(lint.stdout).not.toContain("openapi.yaml");
    const line = lineOf("displayName: string");
    expect(annotations).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^::error title=signing-platform-snake-case,file=main\\.tsp,col=3,endColumn=3,line=${line},endLine=${line}::Property \`displayName\``,
        ),
      ),
    );
    expect(lint.status).toBe(1); // the snake-case finding is an error of the ruleset
  });

  it("runs the README's commands as written: the compile, then lint at the .tsp lines with the suppression listed", () => {
    const block = run("bash", ["-e", "-c", commands]);
    expect(block.output).toContain(`main.tsp:${lineOf("displayName: string")}:3 - warning ${LIBRARY}/snake-case:`);
    expect(block.stdout).toMatch(new RegExp(`^${join(user, "main.tsp").replace(/[.\\/]/g, "\\$&")}$`, "m"));
    expect(block.stdout).toMatch(new RegExp(`^ +${lineOf("displayName: string")}:3 +error +signing-platform-snake-case `, "m"));
    expect(block.stdout).toContain(
      `main.tsp:${lineOf("#suppress")}:1  ${LIBRARY}/snake-case  The field is named by the partner's file format.`,
    );
    expect(block.status).toBe(1);
  });
});
