// The typed stubs: a handler returning a response the spec does not allow is a type error.
// The fixture is compiled with the TypeScript compiler and the repository's settings: it
// must compile clean (so every `@ts-expect-error` there marks a real error, or tsc would
// report it unused), and, with the directives removed, it must fail on exactly those lines
// (so this test could fail).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const fixture = fileURLToPath(new URL("./fixtures/handler-types.fixture.ts", import.meta.url));
const rootConfig = fileURLToPath(new URL("../../../../tsconfig.json", import.meta.url));
const DIRECTIVE = /^\s*\/\/ @ts-expect-error.*$/;

const { config } = ts.readConfigFile(rootConfig, ts.sys.readFile);
const options = {
  ...ts.parseJsonConfigFileContent(config, ts.sys, fileURLToPath(new URL("../../../../", import.meta.url))).options,
  noEmit: true,
};
let previous: ts.Program | undefined;

function compile(source: string): readonly ts.Diagnostic[] {
  const host = ts.createCompilerHost(options);
  const readSourceFile = host.getSourceFile;
  // The second compile reuses every file but the fixture from the first.
  host.getSourceFile = (name, language, ...rest) =>
    name === fixture
      ? ts.createSourceFile(name, source, language)
      : (previous?.getSourceFile(name) ?? readSourceFile(name, language, ...rest));
  previous = ts.createProgram([fixture], options, host, previous);
  return ts.getPreEmitDiagnostics(previous, previous.getSourceFile(fixture));
}

const lineOf = (diagnostic: ts.Diagnostic) =>
  diagnostic.file ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line : -1;

describe("generated handler types", () => {
  const source = readFileSync(fixture, "utf8");
  const lines = source.split("\n");
  const expected = lines.flatMap((line, index) => (DIRECTIVE.test(line) ? [index] : []));

  it("compiles the allowed replies, and every @ts-expect-error marks a real error", () => {
    expect(expected.length).toBeGreaterThanOrEqual(12);
    const diagnostics = compile(source);
    expect(diagnostics.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"))).toEqual([]);
  });

  it("fails on exactly those lines once the directives are removed", () => {
    // Blank the directive lines, so every other line keeps its number.
    const stripped = lines.map((line) => (DIRECTIVE.test(line) ? "" : line)).join("\n");
    const failing = new Set(compile(stripped).map(lineOf));
    // The error is on the line after the directive.
    expect([...failing].sort((a, b) => a - b)).toEqual(expected.map((line) => line + 1));
  });
});
