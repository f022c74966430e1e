// The output formats of `signing-platform diff`: text for people, markdown for a changelog or a
// pull-request comment, json for tools, sarif for code scanning, github-actions workflow
// commands that annotate the pull request, and junit for CI test reports.
import { relative } from "node:path";
import { CHECKS, fails, type Level } from "./checks/index.js";
import type { Finding, Place } from "./change.js";

/** The formats a comparison can be written in. */
export const DIFF_FORMATS = ["text", "json", "markdown", "sarif", "github-actions", "junit"] as const;
/** A format a comparison can be written in: `text` for people, `markdown` for a changelog or pull-request comment, the others for tools and CI. */
export type DiffFormat = (typeof DIFF_FORMATS)[number];

/** The levels a run can be made to fail on. */
export const FAIL_ON = ["breaking", "warning"] as const;
/** The lowest level that fails the run: `breaking`, or `warning` for breaking and warning findings. */
export type FailOn = (typeof FAIL_ON)[number];

/** A comparison to report: the two files, the findings, and the level that fails the run. */
export interface Compared {
  /** The base file, as the user gave it. */
  base: string;
  /** The head file, as the user gave it. */
  head: string;
  /** The findings, after ignore files and severity levels. */
  findings: Finding[];
  /** The lowest level that fails the run. */
  failOn: FailOn;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
const count = (findings: Finding[], level: Level) => findings.filter((finding) => finding.level === level).length;

/** The place a reader looks first: the head where the finding has one, else the base. */
const mainPlace = (finding: Finding): Place => (finding.head ?? finding.base)!;

/** Where a place is, as an annotation or a SARIF location names it: its source when the document's map gives one, else the document's file, line and column. */
function located(place: Place): { file: string; line?: number; column?: number } {
  return place.source ?? place;
}

function where(place: Place | undefined): string {
  if (!place) return "";
  const { file, line, column } = located(place);
  return line !== undefined ? `${file}:${line}:${column}` : `${file} ${place.pointer}`;
}

const places = (finding: Finding) =>
  [finding.base, finding.head]
    .filter((place): place is Place => place !== undefined)
    .map(where)
    .join(" → ");

function summary(findings: Finding[]): string {
  return `${plural(count(findings, "breaking"), "breaking change")}, ${plural(count(findings, "warning"), "warning")}, ${plural(count(findings, "info"), "other change")}`;
}

const SECTION: Record<Level, string> = { breaking: "Breaking changes", warning: "Warnings", info: "Other changes, not breaking" };

function text({ base, head, findings }: Compared): string {
  if (findings.length === 0) return `No changes from ${base} to ${head}.\n`;
  const width = Math.max(...findings.map((finding) => finding.id.length));
  let out = `${summary(findings)} from ${base} to ${head}.\n`;
  for (const level of ["breaking", "warning", "info"] as const) {
    const found = findings.filter((finding) => finding.level === level);
    if (found.length === 0) continue;
    out += `\n${SECTION[level]}:\n${found.map((finding) => `  ${finding.id.padEnd(width)}  ${finding.message}  (${places(finding)})\n`).join("")}`;
  }
  return out;
}

function json({ base, head, findings, failOn }: Compared): string {
  const counts = { breaking: count(findings, "breaking"), warning: count(findings, "warning"), info: count(findings, "info") };
  return `${JSON.stringify({ base, head, failOn, counts, findings }, null, 2)}\n`;
}

/** The API changelog: one section per operation, those with breaking changes first. */
function markdown({ base, head, findings }: Compared): string {
  const rank: Record<Level, number> = { breaking: 0, warning: 1, info: 2 };
  const groups = new Map<string, Finding[]>();
  for (const finding of findings) {
    const name = finding.operation ?? "Whole document";
    groups.set(name, [...(groups.get(name) ?? []), finding]);
  }
  const worst = (group: Finding[]) => Math.min(...group.map((finding) => rank[finding.level]));
  const ordered = [...groups].sort(([a, one], [b, two]) => worst(one) - worst(two) || a.localeCompare(b));
  const badge: Record<Level, string> = { breaking: "**breaking**", warning: "warning", info: "info" };
  const escapeMarkdown = (value: string) => value.replace(/([\\*_[\]<>|])/g, "\\$1");
  let out = `# API changes from \`${base}\` to \`${head}\`\n\n${summary(findings)}.\n`;
  for (const [name, group] of ordered) {
    out += `\n## ${name.startsWith("webhook ") ? `Webhook \`${name.slice(8)}\`` : name === "Whole document" ? name : `\`${name}\``}\n\n`;
    out += [...group]
      .sort((a, b) => rank[a.level] - rank[b.level])
      .map((finding) => `- ${badge[finding.level]} \`${finding.id}\`: ${escapeMarkdown(finding.message)} (${places(finding)})\n`)
      .join("");
  }
  return out;
}

const SARIF_LEVEL: Record<Level, string> = { breaking: "error", warning: "warning", info: "note" };

/** SARIF 2.1.0, as code scanning reads it: one rule per check id, one result per finding. */
function sarif({ findings }: Compared): string {
  const used = new Set(findings.map((finding) => finding.id));
  const rules = CHECKS.filter((check) => used.has(check.id)).map((check) => ({
    id: check.id,
    shortDescription: { text: check.summary },
    defaultConfiguration: { level: SARIF_LEVEL[check.level] },
    properties: { level: check.level },
  }));
  const physical = (at: { file: string; line?: number; column?: number }) => ({
    artifactLocation: { uri: (relative(process.cwd(), at.file) || at.file).replaceAll("\\", "/") },
    ...(at.line !== undefined ? { region: { startLine: at.line, startColumn: at.column } } : {}),
  });
  const results = findings.map((finding) => {
    const place = mainPlace(finding);
    return {
      ruleId: finding.id,
      level: SARIF_LEVEL[finding.level],
      message: { text: finding.message },
      locations: [{ physicalLocation: physical(located(place)), logicalLocations: [{ fullyQualifiedName: place.pointer }] }],
      // At the source, the document's own place comes along: what the build wrote there.
      ...(place.source
        ? { relatedLocations: [{ id: 1, physicalLocation: physical(place), message: { text: "In the built document." } }] }
        : {}),
    };
  });
  const log = {
    version: "2.1.0",
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    runs: [{ tool: { driver: { name: "signing-platform diff", rules } }, results }],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

/** https://docs.github.com/actions/reference/workflow-commands-for-github-actions */
function githubActions({ findings, failOn }: Compared): string {
  const escapeCommand = (value: string) => value.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  const escapeProperty = (value: string) => escapeCommand(value).replace(/:/g, "%3A").replace(/,/g, "%2C");
  return findings
    .map((finding) => {
      const place = located(mainPlace(finding));
      const properties = [`file=${escapeProperty(relative(process.cwd(), place.file) || place.file)}`];
      if (place.line !== undefined) properties.push(`line=${place.line}`, `col=${place.column}`);
      const title = finding.level === "breaking" ? "Breaking change" : finding.level === "warning" ? "API warning" : "API change";
      properties.push(`title=${escapeProperty(`${title}: ${finding.id}`)}`);
      const command = fails(finding.level, failOn) ? "error" : finding.level === "warning" ? "warning" : "notice";
      return `::${command} ${properties.join(",")}::${escapeCommand(finding.message)}\n`;
    })
    .join("");
}

/** JUnit XML: one test case per finding, failed when the finding fails the run. */
function junit({ base, head, findings, failOn }: Compared): string {
  const xml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const failures = findings.filter((finding) => fails(finding.level, failOn)).length;
  const cases =
    findings.length === 0
      ? [{ name: "no changes", failed: false, finding: undefined }]
      : findings.map((finding) => ({
          name: `${finding.id}: ${finding.operation ?? "document"}`,
          failed: fails(finding.level, failOn),
          finding,
        }));
  const body = cases
    .map(({ name, failed, finding }) => {
      const open = `    <testcase classname="${xml(finding?.operation ?? "document")}" name="${xml(name)}"`;
      if (!finding) return `${open}/>\n`;
      const detail = `${finding.message} (${places(finding)})`;
      return failed
        ? `${open}>\n      <failure type="${finding.level}" message="${xml(finding.message)}">${xml(detail)}</failure>\n    </testcase>\n`
        : `${open}>\n      <system-out>${xml(detail)}</system-out>\n    </testcase>\n`;
    })
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="signing-platform diff" tests="${cases.length}" failures="${failures}">\n  <testsuite name="${xml(`${base} → ${head}`)}" tests="${cases.length}" failures="${failures}">\n${body}  </testsuite>\n</testsuites>\n`;
}

/**
 * The report of a comparison in `format`.
 * @example
 * ```ts
 * import { compareDocuments, formatDiff, loadOpenApiDocument } from "@signing-platform/diff";
 *
 * const findings = compareDocuments(loadOpenApiDocument("base.yaml"), loadOpenApiDocument("head.yaml"));
 * process.stdout.write(formatDiff({ base: "base.yaml", head: "head.yaml", findings, failOn: "breaking" }, "markdown"));
 * ```
 */
export function formatDiff(compared: Compared, format: DiffFormat): string {
  return { text, json, markdown, sarif, "github-actions": githubActions, junit }[format](compared);
}
