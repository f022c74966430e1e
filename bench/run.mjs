// @ts-check
// `npm run bench`: runs every bench/*.bench.mjs in its own process, one after another (the
// machine is shared and noisy: never two at once). Each benchmark measures its reference in
// the same run and prints medians and ratios; none asserts a time.
// `npm run bench -- validators` runs only the files whose name contains "validators".
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";

const here = fileURLToPath(new URL(".", import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((file) => file.endsWith(".bench.mjs"))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();

let failed = false;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const result = spawnSync(process.execPath, ["--expose-gc", join(here, file)], { stdio: "inherit" });
  if (result.status !== 0) failed = true;
}
if (files.length === 0) console.log("No benchmark matched.");
process.exit(failed ? 1 : 0);
