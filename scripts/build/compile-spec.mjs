// @ts-check
// Compiles spec/main.tsp with the emitters of tspconfig.yaml, through the compiler's API,
// into `outputDir` (a scratch folder). Warnings fail the build (tspconfig: warn-as-error),
// so a spec that compiles is clean.
import { NodeHost, compile, formatDiagnostic, resolveCompilerOptions } from "@typespec/compiler";
import { root, specEntry } from "./paths.mjs";

/** @param {string} outputDir */
export async function compileSpec(outputDir) {
  const [options, configDiagnostics] = await resolveCompilerOptions(NodeHost, {
    cwd: root,
    entrypoint: specEntry,
    overrides: { outputDir },
  });
  const program = await compile(NodeHost, specEntry, { ...options, outputDir });
  const diagnostics = [...configDiagnostics, ...program.diagnostics];
  const fatal = diagnostics.filter((d) => d.severity === "error" || options.warningAsError);
  if (fatal.length > 0) {
    const text = fatal.map((d) => formatDiagnostic(d, { pretty: false, pathRelativeTo: root })).join("\n");
    throw new Error(`The spec does not compile:\n${text}`);
  }
}
