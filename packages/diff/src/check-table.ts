// The table of every check and its level, as `signing-platform diff --list-checks` prints it
// and docs/lint-and-diff.md shows it: schema checks as one matrix (a facet per row, a place per column,
// the id is `<place>-<facet>`), every other check a row of its own.
import { CHECKS, SCHEMA_PLACES, type Level } from "./checks/index.js";

const LABEL: Record<Level, string> = { breaking: "**breaking**", warning: "warning", info: "info" };

/**
 * The table of every check and its level in Markdown, as `signing-platform diff --list-checks` prints it: schema checks as one matrix of facets and places, every other check a row.
 * @example
 * ```ts
 * import { checkTable } from "@signing-platform/diff";
 *
 * process.stdout.write(`${checkTable()}\n`);
 * ```
 */
export function checkTable(): string {
  const single = CHECKS.filter((check) => !check.schema);
  const facets = new Map<string, { summary: string; levels: Map<string, Level> }>();
  for (const check of CHECKS) {
    const part = check.schema;
    if (!part) continue;
    const row = facets.get(part.facet) ?? { summary: check.summary, levels: new Map() };
    row.levels.set(part.place, check.level);
    facets.set(part.facet, row);
  }
  const rows = single.map((check) => `| \`${check.id}\` | ${LABEL[check.level]} | ${check.summary} |`).join("\n");
  const header = `| facet | ${SCHEMA_PLACES.join(" | ")} | what changed |\n|---|${SCHEMA_PLACES.map(() => "---").join("|")}|---|`;
  const matrix = [...facets]
    .map(
      ([facet, { summary, levels }]) =>
        `| \`${facet}\` | ${SCHEMA_PLACES.map((place) => (levels.has(place) ? LABEL[levels.get(place)!] : "—")).join(" | ")} | ${summary} |`,
    )
    .join("\n");
  return `| check | level | what changed |\n|---|---|---|\n${rows}\n\nSchema checks: the id is the place and the facet, e.g. \`request-property-max-decreased\`.\n\n${header}\n${matrix}\n`;
}
