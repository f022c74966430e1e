// The suppressions of a document's source, as `signing-platform lint` lists them after its
// results: each rule silenced on purpose, where, and why, so that a reviewer sees every
// exception in one place.
import type { DocumentSources } from "@signing-platform/diff";

export function formatSuppressions(suppressions: DocumentSources["suppressions"]): string {
  if (suppressions.length === 0) return "";
  const lines = suppressions.map(
    ({ file, line, column, code, reason }) => `  ${file}:${line}:${column}  ${code}  ${reason ?? "(no reason given)"}\n`,
  );
  return `\n${suppressions.length} suppression${suppressions.length === 1 ? "" : "s"} in the source:\n${lines.join("")}`;
}
