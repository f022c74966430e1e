// Acknowledged findings: oasdiff's ignore-file format (`--err-ignore`, `--warn-ignore`), so a
// break a team has accepted does not block the next pull request. Each non-blank line is free
// text; it ignores a finding of its level when it contains, case-insensitively, the finding's
// operation ("GET /certificates", "webhook certificate.issued") and its message. So a line can
// be copied from the text report, and a line may carry a date or a reason around them. A line
// that matches no finding is stale: the change it acknowledged is no longer in the comparison.
import { type OptionFileEntry, readOptionFile } from "./input/read-option-file.js";
import type { Finding } from "./change.js";
import type { Level } from "./checks.js";

export type IgnoreEntry = OptionFileEntry;

export interface IgnoreOutcome {
  findings: Finding[];
  ignored: Finding[];
  /** Entries that matched no finding of their level. */
  stale: IgnoreEntry[];
}

/** The entries of an ignore file: its non-blank lines that are not `#` comments. */
export const readIgnoreFile = readOptionFile;

const matches = (entry: IgnoreEntry, finding: Finding): boolean => {
  const line = entry.text.toLowerCase();
  return line.includes((finding.operation ?? "").toLowerCase()) && line.includes(finding.message.toLowerCase());
};

/** The findings less those an entry of their level acknowledges, and the entries that acknowledged nothing. */
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
