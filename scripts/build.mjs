// @ts-check
// `npm run build`: the whole pipeline, spec → generated → packages, in the steps of
// scripts/build/build-steps.mjs:
//   1. build @signing-platform/contract, the floor: it reads nothing, and the spec's own
//      library (spec/lib/) takes the extension names from it;
//   2. compile spec/*.tsp and write generated/openapi.yaml, generated/json-schema/ and
//      generated/catalogue.json (scripts/build/generate.mjs);
//   3. run the `build` script of every other workspace package (types, validators, client,
//      …), in dependency order, each of which reads generated/.
// A step whose inputs and outputs are as its last successful build left them is skipped
// (scripts/build/run-steps.mjs), so a build with nothing changed takes a second or two.
// `--spec-only` stops after step 2; `--contract-only` after step 1 (the root `prepare`
// script, so that an editor's TypeSpec language server can load the spec's library right
// after `npm install`); `--force` builds every step whatever its record says.
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { buildSteps } from "./build/build-steps.mjs";
import { root } from "./build/paths.mjs";
import { runSteps, seconds } from "./build/run-steps.mjs";

const { values } = parseArgs({
  options: { "spec-only": { type: "boolean" }, "contract-only": { type: "boolean" }, force: { type: "boolean" } },
});

try {
  const started = performance.now();
  const until = values["contract-only"] ? "contract" : values["spec-only"] ? "generated" : undefined;
  const { built, upToDate } = await runSteps(buildSteps({ until }), { root, force: values.force ?? false });
  console.log(`Build done in ${seconds(performance.now() - started)}: ${built.length} built, ${upToDate.length} up to date.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
