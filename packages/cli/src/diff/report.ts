// The output formats of `signing-platform diff`: text for people, json for tools, and
// github-actions workflow commands that annotate the pull request.
import { relative } from "node:path";
import type { Change } from "./change.js";

export const DIFF_FORMATS = ["text", "json", "github-actions"] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];

interface Compared {
  base: string;
  head: string;
  changes: Change[];
}

function where(change: Change): string {
  const { file, line, column, pointer } = change.location;
  return line !== undefined ? `${file}:${line}:${column}` : `${file} ${pointer}`;
}

function text({ base, head, changes }: Compared): string {
  const breaking = changes.filter((change) => change.breaking);
  const others = changes.filter((change) => !change.breaking);
  const width = Math.max(0, ...changes.map((change) => change.rule.length));
  const line = (change: Change) => `  ${change.rule.padEnd(width)}  ${change.message}  (${where(change)})\n`;
  let out = breaking.length > 0 ? `${breaking.length} breaking change${breaking.length === 1 ? "" : "s"} from ${base} to ${head}:\n` : `No breaking changes from ${base} to ${head}.\n`;
  out += breaking.map(line).join("");
  if (others.length > 0) out += `\n${others.length} other change${others.length === 1 ? "" : "s"}, not breaking:\n${others.map(line).join("")}`;
  return out;
}

function json({ base, head, changes }: Compared): string {
  return `${JSON.stringify({ base, head, breaking: changes.filter((change) => change.breaking).length, changes }, null, 2)}\n`;
}

/** https://docs.github.com/actions/reference/workflow-commands-for-github-actions */
function githubActions({ changes }: Compared): string {
  const escape = (value: string) => value.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  const escapeProperty = (value: string) => escape(value).replace(/:/g, "%3A").replace(/,/g, "%2C");
  return changes
    .map((change) => {
      const { file, line, column } = change.location;
      const properties = [`file=${escapeProperty(relative(process.cwd(), file) || file)}`];
      if (line !== undefined) properties.push(`line=${line}`, `col=${column}`);
      properties.push(`title=${escapeProperty(`${change.breaking ? "Breaking change" : "API change"}: ${change.rule}`)}`);
      return `::${change.breaking ? "error" : "notice"} ${properties.join(",")}::${escape(change.message)}\n`;
    })
    .join("");
}

export function formatDiff(compared: Compared, format: DiffFormat): string {
  return { text, json, "github-actions": githubActions }[format](compared);
}
