// Acknowledged findings: oasdiff's ignore-file format (`--err-ignore`, `--warn-ignore`), so a
// break a team has accepted does not block the next pull request. Each non-blank line is free
// text; it ignores a finding of its level when it contains, case-insensitively, the finding's
// operation ("GET /certificates", "webhook certificate.issued") and its message. So a line can
// be copied from the text report, and a line may carry a date or a reason around them. A line
// that matches no finding is stale: the change it acknowledged is no longer in the comparison.
import { type OptionFileEntry, readOptionFile } from "./input/read-option-file.js";
import type { Finding } from "./change.js";
import type { Level } from "./checks/index.js";

/** One line of an ignore file, with the file and line it comes from. */
export type IgnoreEntry = OptionFileEntry;

/** The findings an ignore file leaves, those it acknowledged, and its entries that acknowledged nothing. */
export interface IgnoreOutcome {
  /** The findings no entry acknowledged. */
  findings: Finding[];
  /** The findings an entry acknowledged. */
  ignored: Finding[];
  /** Entries that matched no finding of their level. */
  stale: IgnoreEntry[];
}

/**
 * The entries of an ignore file: its non-blank lines that are not `#` comments.
 * @example
 * ```ts
 * import { readIgnoreFile } from "@signing-platform/diff";
 *
 * for (const entry of readIgnoreFile("breaking-changes.txt")) console.log(`${entry.file}:${entry.line}: ${entry.text}`);
 * ```
 */
export const readIgnoreFile = readOptionFile;

const matches = (entry: IgnoreEntry, finding: Finding): boolean => {
  const line = entry.text.toLowerCase();
  return line.includes((finding.operation ?? "").toLowerCase()) && line.includes(finding.message.toLowerCase());
};

/**
 * The findings less those an entry of their level acknowledges, and the entries that acknowledged nothing.
 * @example
 * ```ts
 * import { applyIgnoreFiles, compareDocuments, loadOpenApiDocument, readIgnoreFile } from "@signing-platform/diff";
 *
 * const findings = compareDocuments(loadOpenApiDocument("base.yaml"), loadOpenApiDocument("head.yaml"));
 * const { findings: left, stale } = applyIgnoreFiles(findings, { breaking: readIgnoreFile("breaking-changes.txt") });
 * for (const entry of stale) console.warn(`${entry.file}:${entry.line}: acknowledges nothing any more`);
 * ```
 */
export function applyIgnoreFiles(findings: Finding[], entriesByLevel: Partial<Record<Level, IgnoreEntry[]>>): IgnoreOutcome {
  const used = new Set<IgnoreEntry>();
  const kept: Finding[] = [];
  const ignored: Finding[] = [];
  for (const finding of findings) {
    const entry = entriesByLevel[finding.level]?.find((candidate) => matches(candidate, finding));
    if (entry) {
      used.add(entry);
      ignored.push(finding);
    } else kept.push(finding);
  }
  const stale = Object.values(entriesByLevel)
    .flatMap((entries) => entries ?? [])
    .filter((entry) => !used.has(entry));
  return { findings: kept, ignored, stale };
}
