// The CHANGELOG.md entry of an SDK's release: a heading with its version and date, what it was
// compared with and the release that makes, then the methods and types added, removed and
// changed, each change in the diff engine's words with its check id, the breaking ones marked.
// A new entry goes on top of those of earlier releases.
import type { NoteItem, NoteLine, NoteSections, ReleaseNotes } from "./release-notes.js";

/** What the entry's heading and first paragraph say besides the notes. */
export interface EntryHeading {
  version: string;
  previousVersion: string;
  /** The day of the release, `YYYY-MM-DD`. */
  date: string;
  /** The documents compared, as the user named them. */
  previous: string;
  current: string;
}

const TITLE = "# Changelog";

function line({ id, message, kind, occurrences }: NoteLine): string {
  const through = occurrences > 1 ? ` (through ${occurrences} methods)` : "";
  return `${kind === "breaking" ? "**Breaking:** " : ""}${message} (\`${id}\`)${through}`;
}

function item({ name, operation, lines }: NoteItem): string {
  const heading = `- \`${name}\`${operation ? ` (\`${operation}\`)` : ""}`;
  return [heading, ...lines.map((each) => `  - ${line(each)}`)].join("\n");
}

function section(title: string, items: NoteItem[]): string[] {
  return items.length === 0 ? [] : [`### ${title}`, items.map(item).join("\n")];
}

function sectionsOf(noun: string, sections: NoteSections): string[] {
  return [
    ...section(`${noun} added`, sections.added),
    ...section(`${noun} removed`, sections.removed),
    ...section(`${noun} changed`, sections.changed),
  ];
}

/** The summary both the entry and the command's report line give: `2 breaking, 1 added, 0 changed`. */
export function countsOf(notes: ReleaseNotes): string {
  return `${notes.counts.breaking} breaking, ${notes.counts.added} added, ${notes.counts.changed} changed`;
}

/** The entry of one release, ending with a line break. */
export function changelogEntry(heading: EntryHeading, notes: ReleaseNotes): string {
  const parts = [
    `## ${heading.version} (${heading.date})`,
    `From \`${heading.previous}\` to \`${heading.current}\`: ${countsOf(notes)}; a ${notes.bump} release after ${heading.previousVersion}.`,
    ...sectionsOf("Methods", notes.methods),
    ...sectionsOf("Types", notes.types),
    ...(notes.other.length === 0 ? [] : ["### Other changes", notes.other.map((each) => `- ${line(each)}`).join("\n")]),
  ];
  return `${parts.join("\n\n")}\n`;
}

/** `changelog` with `entry` on top of its earlier entries; a changelog of its own when there was none. */
export function withEntry(changelog: string | undefined, entry: string): string {
  const earlier = (changelog ?? "").replace(new RegExp(`^${TITLE}\\n+`), "");
  return `${TITLE}\n\n${entry}${earlier ? `\n${earlier}` : ""}`;
}
