// @ts-check
// Writes the tables of oasdiff's checks that `signing-platform diff` does not implement, and of
// those it rates at another level, into docs/lint-and-diff.md between its oasdiff-declined
// markers. The data is packages/diff/test/oasdiff-catalogue/: ids.json (oasdiff's catalogue, from
// its extract.mjs) and declined.json (the reason for each id). Ids that share a reason share a row.
//
//   node scripts/oasdiff-declined.mjs           rewrites the section (`npm run docs:checks` runs it)
//   node scripts/oasdiff-declined.mjs --check   writes nothing; exit 1 when the section is stale
//
// oasdiff-catalogue.test.ts checks the data itself: every oasdiff id implemented or declined.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const DOC = fileURLToPath(new URL("../docs/lint-and-diff.md", import.meta.url));
const CATALOGUE = new URL("../packages/diff/test/oasdiff-catalogue/", import.meta.url);
const START = "<!-- oasdiff-declined:start -->";
const END = "<!-- oasdiff-declined:end -->";
// oasdiff's own names for its levels, as the rest of the document writes them.
/** @type {Record<string, string>} */
const OASDIFF_LEVEL = { error: "ERR", warning: "WARN", info: "INFO" };

/** @typedef {typeof import("../packages/diff/test/oasdiff-catalogue/ids.json")} OasdiffCatalogue */
/** @typedef {{ declined: Record<string, string>, "levels-differ": Record<string, string> }} Declined id → reason */

/**
 * @template T
 * @param {string} name a file of the catalogue folder
 * @returns {T}
 */
const readJson = (name) => JSON.parse(readFileSync(new URL(name, CATALOGUE), "utf8"));

/**
 * Rows of `reasons` (id → reason), one per reason, its ids in the order they are written.
 * @param {Record<string, string>} reasons
 * @param {(id: string) => string} levelOf
 * @param {(ids: string[], levelOf: (id: string) => string) => string[]} cells
 */
function rows(reasons, levelOf, cells) {
  /** @type {Map<string, string[]>} */
  const byReason = new Map();
  for (const [id, reason] of Object.entries(reasons)) byReason.set(reason, [...(byReason.get(reason) ?? []), id]);
  const cell = (/** @type {string} */ text) => text.replaceAll("|", "\\|").replaceAll("\n", " ");
  return [...byReason].map(([reason, ids]) => `| ${cells(ids, levelOf).join(" | ")} | ${cell(reason)} |`).join("\n");
}

/** The generated section: a line of counts, then the two tables. */
export function declinedSection() {
  /** @type {OasdiffCatalogue} */
  const catalogue = readJson("ids.json");
  /** @type {Declined} */
  const { declined, "levels-differ": levelsDiffer } = readJson("declined.json");
  const levels = new Map(catalogue.checks.map((check) => [check.id, check.level]));
  /** @param {string} id */
  const levelOf = (id) => {
    const level = levels.get(id);
    if (level === undefined) throw new Error(`declined.json names ${id}, which oasdiff ${catalogue.tag} does not have`);
    return level;
  };
  const ids = (/** @type {string[]} */ list) => list.map((id) => `\`${id}\``).join("<br>");
  const declinedCount = Object.keys(declined).length;
  const differCount = Object.keys(levelsDiffer).length;
  return [
    `oasdiff ${catalogue.tag} has ${catalogue.count} checks: ${catalogue.count - declinedCount} are this engine's, under the same id (${differCount} of them at another level, in the second table), and ${declinedCount} are not (the first table).`,
    "",
    "| oasdiff id | oasdiff level | why not |",
    "|---|---|---|",
    rows(declined, levelOf, (list) => [ids(list), list.map((id) => OASDIFF_LEVEL[levelOf(id)]).join("<br>")]),
    "",
    "| oasdiff id | oasdiff level | level here, and why |",
    "|---|---|---|",
    rows(levelsDiffer, levelOf, (list) => [ids(list), list.map((id) => OASDIFF_LEVEL[levelOf(id)]).join("<br>")]),
    "",
  ].join("\n");
}

/** The document with the section rewritten. @param {string} text */
export function withDeclinedSection(text) {
  const [before, rest] = text.split(START);
  const after = rest?.split(END)[1];
  if (before === undefined || after === undefined) throw new Error(`docs/lint-and-diff.md has no ${START} … ${END} section.`);
  return `${before}${START}\n${declinedSection()}${END}${after}`;
}

/** Rewrites the section in docs/lint-and-diff.md; with `check`, only says whether it is current. */
export function writeDeclinedSection({ check = false } = {}) {
  const text = readFileSync(DOC, "utf8");
  const next = withDeclinedSection(text);
  if (check) return next === text;
  if (next !== text) writeFileSync(DOC, next);
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const check = process.argv.includes("--check");
  if (!writeDeclinedSection({ check })) {
    console.error("docs/lint-and-diff.md's table of oasdiff checks not implemented is stale: run `npm run docs:checks`");
    process.exit(1);
  }
}
