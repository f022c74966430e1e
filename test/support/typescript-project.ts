// `tsc -p <project>` in the test's own process, with what tsc prints and the status it exits
// with. A test that compiles many generated SDKs pays tsc's start each time otherwise: loading
// the compiler, then parsing and binding the standard library's and @types/node's declarations,
// which are most of a small project's compile. Here the declaration files under node_modules
// (the compiler's own lib files among them) are parsed once per test process and shared by the
// programs that follow, as an editor's language service shares them; the files of the project
// itself are read anew every time.
import ts from "typescript";

export interface Compiled {
  /** 0 without errors, 1 with (tsc's statuses, less the distinction of whether it emitted). */
  status: number;
  /** The diagnostics, as tsc prints them when its output is not a terminal. */
  stdout: string;
  /** Always empty: tsc prints its diagnostics to stdout. */
  stderr: string;
}

const shared = new Map<string, ts.SourceFile>();
const registry = ts.createDocumentRegistry();
const FORMAT: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: ts.sys.getCurrentDirectory,
  getNewLine: () => ts.sys.newLine,
};

/**
 * Compiles the project of `project` (a tsconfig.json, or the folder holding one), as
 * `tsc -p <project>` with `options` given on the command line (`{ noEmit: true, strict: true }`).
 */
export function compileProject(project: string, options: ts.CompilerOptions = {}): Compiled {
  const problems: ts.Diagnostic[] = [];
  const configFile = ts.sys.directoryExists(project) ? `${project}/tsconfig.json` : project;
  const parsed = ts.getParsedCommandLineOfConfigFile(configFile, options, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => problems.push(diagnostic),
  });
  if (!parsed) return result(problems);
  const host = ts.createCompilerHost(parsed.options);
  // What in the options changes how a file parses and binds, as an editor's language service
  // keys the files it shares: not paths such as outDir, which differ with every project here.
  const settings = registry.getKeyForCompilationSettings(parsed.options);
  const readSourceFile = host.getSourceFile;
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (!fileName.includes("/node_modules/") || !/\.d\.[cm]?ts$/.test(fileName))
      return readSourceFile(fileName, languageVersion, onError, shouldCreate);
    const version =
      typeof languageVersion === "object" ? `${languageVersion.languageVersion}:${languageVersion.impliedNodeFormat}` : languageVersion;
    const key = `${fileName}|${version}|${settings}`;
    let file = shared.get(key);
    if (!file) {
      file = readSourceFile(fileName, languageVersion, onError, shouldCreate);
      if (file) shared.set(key, file);
    }
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

function result(diagnostics: readonly ts.Diagnostic[]): Compiled {
  const sorted = ts.sortAndDeduplicateDiagnostics(diagnostics);
  return {
    status: sorted.some((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error) ? 1 : 0,
    stdout: ts.formatDiagnostics(sorted, FORMAT),
    stderr: "",
  };
}
