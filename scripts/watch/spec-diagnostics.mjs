// @ts-check
// Checks the spec as `npm run build` compiles it (scripts/build/compile-spec.mjs): the
// project's tspconfig.yaml, with its `linter:` rules and `warn-as-error`, through the
// compiler's API, but with nothing emitted. Each diagnostic is one line,
// `file:line:column severity code message` with the file relative to the project, and a
// check ends with a one-line summary.
//
// A checker keeps its compiler warm between checks: the files it has read, parsed, are reused
// while their text is unchanged, and the previous program is handed to the next compile, which
// returns it as it is when nothing changed.
import { join, relative } from "node:path";
import { performance } from "node:perf_hooks";
import { NoTarget, NodeHost, compile, getSourceLocation, resolveCompilerOptions } from "@typespec/compiler";

/**
 * @typedef {object} SpecCheck
 * @property {string[]} lines one per diagnostic, `file:line:column severity code message`
 * @property {number} errors
 * @property {number} warnings
 * @property {boolean} refused whether `npm run build` would refuse the spec: an error, or a warning under warn-as-error
 * @property {number} ms how long the check took
 */

/**
 * One diagnostic as a line (a message of several lines goes on indented).
 * @param {import("@typespec/compiler").Diagnostic} diagnostic
 * @param {string} projectRoot
 */
export function diagnosticLine(diagnostic, projectRoot) {
  const location = getSourceLocation(diagnostic.target, { locateId: true });
  const message = diagnostic.message.replace(/\n/g, "\n    ");
  const text = `${diagnostic.severity} ${diagnostic.code} ${message}`;
  if (!location || location.isSynthetic) return text;
  const { line, character } = location.file.getLineAndCharacterOfPosition(location.pos);
  return `${relative(projectRoot, location.file.path)}:${line + 1}:${character + 1} ${text}`;
}

/** @param {number} count @param {string} noun */
const plural = (count, noun) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/**
 * The line that ends a check: `✓ spec compiled clean in 1.9 s`, `✗ 2 errors, 1 warning in 0.4 s`.
 * @param {SpecCheck} check
 */
export function summaryLine(check) {
  const time = `${(check.ms / 1000).toFixed(1)} s`;
  if (check.errors === 0 && check.warnings === 0) return `✓ spec compiled clean in ${time}`;
  const counts = `${plural(check.errors, "error")}, ${plural(check.warnings, "warning")}`;
  return check.refused ? `✗ ${counts} in ${time}` : `⚠ ${counts} in ${time}`;
}

/**
 * A compiler host that hands the compiler the same source file while its text is unchanged,
 * so that the compiler reuses its parse.
 * @param {import("@typespec/compiler").CompilerHost} base
 * @returns {import("@typespec/compiler").CompilerHost}
 */
function warmHost(base) {
  /** @type {Map<string, import("@typespec/compiler").SourceFile>} */
  const files = new Map();
  return {
    ...base,
    parseCache: new WeakMap(),
    async readFile(path) {
      const file = await base.readFile(path);
      const known = files.get(path);
      if (known?.text === file.text) return known;
      files.set(path, file);
      return file;
    },
  };
}

/**
 * A checker of the spec of `projectRoot` (its spec/main.tsp and tspconfig.yaml).
 * @param {string} projectRoot
 * @returns {() => Promise<SpecCheck>}
 */
export function createSpecChecker(projectRoot) {
  const entrypoint = join(projectRoot, "spec", "main.tsp");
  const host = warmHost(NodeHost);
  /** @type {import("@typespec/compiler").Program | undefined} */
  let previous;
  return async function checkSpec() {
    const started = performance.now();
    /** @type {import("@typespec/compiler").Diagnostic[]} */
    let diagnostics;
    let warningAsError = false;
    try {
      // Read again at every check: a change of tspconfig.yaml (a linter rule turned on) counts at once.
      const [options, configDiagnostics] = await resolveCompilerOptions(host, { cwd: projectRoot, entrypoint });
      warningAsError = options.warningAsError ?? false;
      const program = await compile(host, entrypoint, { ...options, noEmit: true }, previous);
      previous = program;
      diagnostics = [...configDiagnostics, ...program.diagnostics];
    } catch (error) {
      // The compiler itself failed (a library threw): say so, and start from scratch next time.
      previous = undefined;
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      diagnostics = [{ severity: "error", code: "compiler-crash", message, target: NoTarget }];
    }
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === "error").length;
    const warnings = diagnostics.length - errors;
    return {
      lines: diagnostics.map((diagnostic) => diagnosticLine(diagnostic, projectRoot)),
      errors,
      warnings,
      refused: errors > 0 || (warningAsError && warnings > 0),
      ms: performance.now() - started,
    };
  };
}
