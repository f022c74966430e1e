// @ts-check
// `tsc -p <project>` in this process, with what tsc prints and the status it exits with. A
// process that compiles many projects (the build's compile service, a test that compiles many
// generated SDKs) would otherwise pay tsc's start each time: loading the compiler, then parsing
// and binding the standard library's and @types/node's declarations, which are most of a
// package's compile. Here the declaration files under node_modules (the compiler's own lib
// files among them) are parsed once per process and shared by the programs that follow, as an
// editor's language service shares them, each reused only while its text is what was parsed
// (a test may write another package at the same place); every other file (a project's sources,
// a workspace package's dist/, which a build rewrites) is parsed anew every time.
import ts from "typescript";

/**
 * @typedef {object} Compiled
 * @property {number} status 0 without errors, 1 with (tsc's statuses, less the distinction of whether it emitted)
 * @property {string} stdout the diagnostics, as tsc prints them when its output is not a terminal
 * @property {string} stderr always empty: tsc prints its diagnostics to stdout
 */

/** @type {Map<string, { text: string, file: ts.SourceFile }>} */
const shared = new Map();
const registry = ts.createDocumentRegistry();
/** @type {ts.FormatDiagnosticsHost} */
const FORMAT = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: ts.sys.getCurrentDirectory,
  getNewLine: () => ts.sys.newLine,
};

/** @param {string} fileName */
const isSharedDeclaration = (fileName) => fileName.includes("/node_modules/") && /\.d\.[cm]?ts$/.test(fileName);

/**
 * Compiles the project of `project` (a tsconfig.json, or the folder holding one), as
 * `tsc -p <project>` with `options` given on the command line (`{ noEmit: true, strict: true }`;
 * paths in them absolute).
 * @param {string} project
 * @param {ts.CompilerOptions} [options]
 * @returns {Compiled}
 */
export function compileProject(project, options = {}) {
  /** @type {ts.Diagnostic[]} */
  const problems = [];
  const configFile = ts.sys.directoryExists(project) ? `${project}/tsconfig.json` : project;
  const parsed = ts.getParsedCommandLineOfConfigFile(configFile, options, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => problems.push(diagnostic),
  });
  if (!parsed) return result(problems);
  const host = ts.createCompilerHost(parsed.options);
  // What in the options changes how a file parses and binds, as an editor's language service
  // keys the files it shares: not paths such as outDir, which differ with every project.
  const settings = registry.getKeyForCompilationSettings(parsed.options);
  const readSourceFile = host.getSourceFile;
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (!isSharedDeclaration(fileName)) return readSourceFile(fileName, languageVersion, onError, shouldCreate);
    const version =
      typeof languageVersion === "object" ? `${languageVersion.languageVersion}:${languageVersion.impliedNodeFormat}` : languageVersion;
    const key = `${fileName}|${version}|${settings}`;
    const text = host.readFile(fileName);
    const known = shared.get(key);
    if (known && known.text === text) return known.file;
    const file = readSourceFile(fileName, languageVersion, onError, shouldCreate);
    if (file && text !== undefined) shared.set(key, { text, file });
    return file;
  };
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    host,
    projectReferences: parsed.projectReferences,
  });
  const diagnostics = [...parsed.errors, ...ts.getPreEmitDiagnostics(program)];
  if (!parsed.options.noEmit) diagnostics.push(...program.emit().diagnostics);
  return result(diagnostics);
}

/**
 * @param {readonly ts.Diagnostic[]} diagnostics
 * @returns {Compiled}
 */
function result(diagnostics) {
  const sorted = ts.sortAndDeduplicateDiagnostics(diagnostics);
  return {
    status: sorted.some((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error) ? 1 : 0,
    stdout: ts.formatDiagnostics(sorted, FORMAT),
    stderr: "",
  };
}
