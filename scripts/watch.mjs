// @ts-check
// `npm run spec:watch`: checks the spec at every save of spec/ or tspconfig.yaml, as
// `npm run build` compiles it (the project's linter and warn-as-error) but writing nothing,
// and prints each diagnostic as `file:line:column severity code message` and a summary line.
// Ctrl-C ends it.
//   --once         one check, then exit: 0 when the build would take the spec, 1 when not
//   --root <dir>   the folder of spec/ and tspconfig.yaml (default: this repository)
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { root } from "./build/paths.mjs";
import { createSpecChecker, summaryLine } from "./watch/spec-diagnostics.mjs";
import { watchSpec } from "./watch/spec-watcher.mjs";

const { values } = parseArgs({ options: { once: { type: "boolean" }, root: { type: "string" } } });
const projectRoot = values.root ? resolve(values.root) : root;

if (values.once) {
  const check = await createSpecChecker(projectRoot)();
  for (const line of check.lines) console.log(line);
  console.log(summaryLine(check));
  process.exit(check.refused ? 1 : 0);
}

console.log("Watching spec/ and tspconfig.yaml; Ctrl-C ends.");
const watcher = watchSpec({ projectRoot });
process.on("SIGINT", () => void watcher.close().then(() => process.exit(0)));
process.on("SIGTERM", () => void watcher.close().then(() => process.exit(0)));
