// @ts-check
// `npm run bench -- sdk-corpus`: `signing-platform generate` on every real API document of
// packages/generator/test/corpus (index.json), against @hey-api/openapi-ts and
// openapi-typescript on the same documents, through the corpus harness (run-corpus.mjs): the
// table of what each tool makes of each document (ok or failed, wall time), then our
// generation time over hey-api's per document and the median of those ratios. One run per
// document, since the largest take minutes in the type checkers. Needs `npm run build`,
// Debian's python3 with mypy, and the registry (or the npm cache) for the SDKs' dependencies.
// No time is asserted. CORPUS_NAMES=a,b limits it to those documents; BENCH_JSON=path keeps
// the results.
import { writeFileSync } from "node:fs";
import { formatTable, runCorpus, STEPS } from "../packages/generator/test/corpus/run-corpus.mjs";
import { format, median } from "./support/statistics.mjs";

const names = (process.env.CORPUS_NAMES ?? "").split(",").filter(Boolean);
const started = Date.now();
const results = runCorpus({
  names,
  log: (result) => {
    if (!("kept" in result))
      console.error(`  ${result.name}: ${STEPS.filter((step) => result.steps[step]?.ok === false).length} step(s) failed`);
  },
});
console.log(formatTable(results));

// The ratio only where both generated: a failure's time says nothing of the work.
/** @type {string[][]} */
const ratioRows = [];
/** @type {{ typescript: number[], python: number[] }} */
const ratios = { typescript: [], python: [] };
for (const result of results) {
  const hey = result.steps["hey-api"];
  const ts = result.steps["ours-ts"];
  const py = result.steps["ours-py"];
  const ratio = (/** @type {import("../packages/generator/test/corpus/run-corpus.mjs").StepOutcome | undefined} */ ours) =>
    ours?.ok && hey?.ok ? ours.ms / hey.ms : undefined;
  const tsRatio = ratio(ts);
  const pyRatio = ratio(py);
  if (tsRatio !== undefined) ratios.typescript.push(tsRatio);
  if (pyRatio !== undefined) ratios.python.push(pyRatio);
  ratioRows.push([
    result.name,
    ts?.ok ? format(ts.ms) : "failed",
    py?.ok ? format(py.ms) : "failed",
    hey?.ok ? format(hey.ms) : "failed",
    tsRatio === undefined ? "-" : format(tsRatio, 2),
    pyRatio === undefined ? "-" : format(pyRatio, 2),
  ]);
}
const header = ["document", "ours TS ms", "ours Python ms", "hey-api ms", "TS / hey-api", "Python / hey-api"];
const widths = header.map((_, column) => Math.max(...[header, ...ratioRows].map((row) => (row[column] ?? "").length)));
const line = (/** @type {string[]} */ row) =>
  row
    .map((text, column) => text.padEnd(widths[column] ?? 0))
    .join("  ")
    .trimEnd();
console.log(`\nGeneration time, ours over @hey-api/openapi-ts (each a CLI process):\n${line(header)}`);
for (const row of ratioRows) console.log(line(row));
for (const [language, values] of Object.entries(ratios))
  console.log(
    `median ratio, ${language}: ${values.length > 0 ? format(median(values), 2) : "-"} over ${values.length} documents both generated`,
  );
console.log(`\n${results.length} documents in ${format((Date.now() - started) / 1000)} s`);
if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, `${JSON.stringify(results, null, 2)}\n`);
