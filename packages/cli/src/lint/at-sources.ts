// Lint results at the source the author edits: a result in the linted document whose place the
// document's source map knows (or knows an ancestor of) is moved to that .tsp file, line and
// column, so that every format (stylish, json, sarif, github-actions) names it there. Results
// in other files (those a split document references) stay where they are.
import { resolve } from "node:path";
import type { ISpectralDiagnostic } from "@stoplight/spectral-core";
import type { DocumentSources } from "@signing-platform/diff";

const fragment = (path: readonly (string | number)[]) =>
  `#${path.map((token) => `/${String(token).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("")}`;

export function atSources(results: ISpectralDiagnostic[], documentPath: string, sources: DocumentSources): ISpectralDiagnostic[] {
  return results.map((result) => {
    if (result.source !== undefined && resolve(result.source) !== documentPath) return result;
    const at = sources.locate(fragment(result.path));
    if (!at) return result;
    const position = { line: at.line - 1, character: at.column - 1 };
    return { ...result, source: resolve(at.file), range: { start: position, end: position } };
  });
}
