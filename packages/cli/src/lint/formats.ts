// The output formats of `signing-platform lint`: Spectral's own formatters, so the output is
// what teams that run Spectral already read, and SARIF that code scanning accepts.
import { DiagnosticSeverity } from "@stoplight/types";
import { githubActions, json, sarif, stylish, type Formatter } from "@stoplight/spectral-formatters";
import type { ISpectralDiagnostic } from "@stoplight/spectral-core";
import { conventionsRuleset, spectralVersion } from "./run-spectral.js";

import type { LintFormat } from "./format-names.js";

const formatters: Record<LintFormat, Formatter> = { stylish, json, sarif, "github-actions": githubActions };

export function formatLintResults(results: ISpectralDiagnostic[], format: LintFormat): string {
  const text = formatters[format](
    results,
    { failSeverity: DiagnosticSeverity.Error },
    { ruleset: conventionsRuleset(), spectralVersion: format === "sarif" ? spectralVersion() : "" },
  );
  if (format === "stylish" && results.length === 0) return "No problems found.\n";
  return text.endsWith("\n") ? text : `${text}\n`;
}
