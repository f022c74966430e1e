// The client runtime's sources (src/runtime/, which the package publishes for this), for
// `signing-platform generate` to embed in an SDK. A generator reads them through this entry,
// never by a path into this package, so the published runtime and the embedded one are the
// same files.
import { readTypeScriptSources, type SourceFiles } from "@signing-platform/contract/sources";

/**
 * The client runtime as source files, by path relative to its folder (`index.ts`, `errors/api-error.ts`, …).
 * @example
 * ```ts
 * import { readRuntimeSources } from "@signing-platform/client/runtime-sources";
 *
 * const files = await readRuntimeSources();
 * console.log(Object.keys(files).length, "files");
 * ```
 */
export function readRuntimeSources(): Promise<SourceFiles> {
  // dist/runtime-sources.js → src/runtime/.
  return readTypeScriptSources(new URL("../src/runtime/", import.meta.url));
}

export type { SourceFiles };
