// @ts-check
// Benchmark of @signing-platform/validators. Prints medians and ratios;
// asserts nothing (a benchmark is not a test). Run: `npm run bench -- validators`
// after `npm run build` (it imports the built package).
//
// Reference: ajv with the package's own options (packages/validators/scripts/ajv-options.mjs:
// 2020-12, strict, allErrors, verbose, ajv-formats) compiling the same generated/json-schema/
// files at run time, in the same process, on the same payloads.
//
// 1. Throughput: validateEvent against the runtime-compiled WebhookEvent.json (the union of
//    the known events, which is what validateEvent checks for a known type: ajv tries its
//    branches one by one, validateEvent picks one by `type`); and, to compare the compiled
//    code alone, each per-type type guard against its runtime-compiled schema, which is
//    the same code and should be ≈1×. Valid and invalid payloads are measured apart: on a
//    failure the package also builds its issues.
// 2. Cold start: a fresh `node` process that imports the package and validates one event,
//    against one that imports ajv, creates an instance and compiles the schemas, then
//    validates the same event. Timed inside the child from before the import to after the
//    validation; reading the schema files is left out of the reference's time, which
//    favours the reference. The whole process's wall time is printed as well.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { validateEvent, eventValidators } from "@signing-platform/validators";
import { ajvOptions, createSchemaAjv, formatsOptions } from "../packages/validators/scripts/ajv-options.mjs";
import { format, median } from "./support/statistics.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
// Many short samples, contenders alternating and swapping order each round: on a shared,
// noisy machine the median of those is steadier than a few long runs.
const ROUNDS = 61;
const COLD_RUNS = 9;

// ---- payloads: every known event type, varied ids and times; then one broken copy of each
/** @typedef {keyof typeof eventValidators} EventType */
const eventTypes = /** @type {EventType[]} */ (Object.keys(eventValidators));
/** @param {EventType} type @param {number} index */
function validPayload(type, index) {
  const second = String(index % 60).padStart(2, "0");
  return {
    id: `evt_${index.toString(36)}x${type.length}`,
    object: "event",
    type,
    livemode: index % 2 === 0,
    created_at: `2026-11-21T06:40:${second}Z`,
    data:
      type === "ping"
        ? {}
        : {
            object: {
              id: `sr_${(index * 7919).toString(36)}`,
              object: "signing_request",
              status: index % 3 ? "completed" : "awaiting_signer",
              documents: Array.from({ length: 1 + (index % 3) }, (_, n) => ({
                content_url: `https://files.example.test/documents/${index}-${n}.pdf`,
              })),
            },
          },
  };
}
/** @typedef {ReturnType<typeof validPayload>} Payload */
/** @type {Array<(event: Partial<Record<string, unknown>>) => unknown>} */
const BREAKAGES = [
  (event) => delete event.id,
  (event) => (event.object = "evt"),
  (event) => (event.created_at = "2026-11-21 06:40"),
  (event) => (event.id = `ev_${event.id}`),
  (event) => (event.livemode = "yes"),
];
// The index is always in range: `% length`.
const valid = Array.from({ length: 900 }, (_, index) =>
  validPayload(/** @type {EventType} */ (eventTypes[index % eventTypes.length]), index),
);
const invalid = valid.map((event, index) => {
  const copy = structuredClone(event);
  /** @type {(typeof BREAKAGES)[number]} */ (BREAKAGES[index % BREAKAGES.length])(copy);
  return copy;
});

// ---- the reference, compiled at run time
/** @typedef {import("ajv/dist/2020.js").ValidateFunction} ValidateFunction */
const ajv = createSchemaAjv();
// The instance holds every generated schema, none of them $async.
const referenceWebhookEvent = /** @type {ValidateFunction} */ (ajv.getSchema("WebhookEvent.json"));
/** @type {Record<string, ValidateFunction>} */
const referenceByType = Object.fromEntries(
  Object.entries(eventValidators).map(([type, validator]) => [type, /** @type {ValidateFunction} */ (ajv.getSchema(validator.schemaId))]),
);

for (const payload of valid) {
  if (!validateEvent(payload).ok || !referenceWebhookEvent(payload)) throw new Error("A valid payload failed.");
}
for (const payload of invalid) {
  if (validateEvent(payload).ok || referenceWebhookEvent(payload)) throw new Error("An invalid payload passed.");
}

/** @typedef {Record<string, (payload: Payload) => unknown>} Contenders */

/**
 * Validations per second of each contender: the median of its samples.
 * @param {Contenders} contenders
 * @param {Payload[]} payloads
 * @param {number} innerLoops
 */
function throughput(contenders, payloads, innerLoops) {
  const entries = Object.entries(contenders);
  /** @type {Record<string, number[]>} */
  const rates = Object.fromEntries(entries.map(([name]) => [name, []]));
  let sink = 0;
  for (let round = -5; round < ROUNDS; round++) {
    for (const [name, run] of round % 2 ? [...entries].reverse() : entries) {
      const start = process.hrtime.bigint();
      for (let loop = 0; loop < innerLoops; loop++) for (const payload of payloads) sink += run(payload) ? 1 : 0;
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      if (round >= 0) rates[name]?.push((innerLoops * payloads.length) / seconds);
    }
  }
  if (sink < 0) console.log(sink);
  return Object.fromEntries(Object.entries(rates).map(([name, values]) => [name, median(values)]));
}

/**
 * @param {string} title
 * @param {Contenders} contenders ours first, then the reference
 * @param {Payload[]} payloads
 * @param {number} innerLoops
 */
function printThroughput(title, contenders, payloads, innerLoops) {
  const rates = throughput(contenders, payloads, innerLoops);
  const [ours, reference] = /** @type {[string, string]} */ (Object.keys(contenders));
  console.log(`\n${title} (${payloads.length} payloads, median of ${ROUNDS} rounds)`);
  for (const [name, rate] of Object.entries(rates)) console.log(`  ${name.padEnd(48)} ${format(rate).padStart(12)} validations/s`);
  console.log(
    `  ratio ${ours} / ${reference}: ${format(/** @type {number} */ (rates[ours]) / /** @type {number} */ (rates[reference]), 2)}×`,
  );
}

console.log("Throughput");
printThroughput(
  "Valid events: validateEvent (result object) vs WebhookEvent.json compiled at run time",
  {
    "validateEvent (precompiled)": (payload) => validateEvent(payload).ok,
    "ajv run time, WebhookEvent.json": (payload) => referenceWebhookEvent(payload),
  },
  valid,
  8,
);
printThroughput(
  "Valid events: the compiled code alone, per-type type guard vs the same schema compiled at run time",
  {
    "eventValidators[type].is (precompiled)": (payload) => eventValidators[payload.type].is(payload),
    "ajv run time, <Type>Event.json": (payload) => /** @type {ValidateFunction} */ (referenceByType[payload.type])(payload), // one per event type
  },
  valid,
  8,
);
printThroughput(
  "Invalid events: validateEvent (issues built) vs WebhookEvent.json compiled at run time",
  {
    "validateEvent (precompiled)": (payload) => validateEvent(payload).ok,
    "ajv run time, WebhookEvent.json": (payload) => referenceWebhookEvent(payload),
  },
  invalid,
  3,
);

// ---- cold start
const event = JSON.stringify(valid[3]);
const timed = (/** @type {{ setup?: string, timed: string }} */ body) => `
const event = ${event};
const { readdirSync, readFileSync } = await import("node:fs");
${body.setup ?? ""}
const start = performance.now();
${body.timed}
const elapsed = performance.now() - start;
if (!ok) throw new Error("the event did not validate");
console.log(JSON.stringify({ elapsed }));
`;
const loadSchemas = `const dir = "generated/json-schema";
const schemas = readdirSync(dir).filter((file) => file.endsWith(".json")).map((file) => JSON.parse(readFileSync(dir + "/" + file, "utf8")));`;
const createAjv = `const { default: Ajv2020 } = await import("ajv/dist/2020.js");
const { default: addFormats } = await import("ajv-formats");
const ajv = new Ajv2020(${JSON.stringify(ajvOptions)});
addFormats(ajv, ${JSON.stringify(formatsOptions)});
for (const schema of schemas) ajv.addSchema(schema);`;
const coldContenders = {
  "import @signing-platform/validators + validateEvent": timed({
    timed: `const { validateEvent } = await import("@signing-platform/validators");
const ok = validateEvent(event).ok;`,
  }),
  "ajv: import, instance, compile all 34 schemas": timed({
    setup: loadSchemas,
    timed: `${createAjv}
for (const schema of schemas) ajv.getSchema(schema.$id);
const ok = ajv.getSchema("WebhookEvent.json")(event);`,
  }),
  "ajv: import, instance, compile WebhookEvent only": timed({
    setup: loadSchemas,
    timed: `${createAjv}
const ok = ajv.getSchema("WebhookEvent.json")(event);`,
  }),
};

/** @type {Record<string, number[]>} */
const inProcess = Object.fromEntries(Object.keys(coldContenders).map((name) => [name, []]));
/** @type {Record<string, number[]>} */
const wall = Object.fromEntries(Object.keys(coldContenders).map((name) => [name, []]));
/** The samples of a contender (each has a list from the start). @param {Record<string, number[]>} record @param {string} name */
const samplesOf = (record, name) => /** @type {number[]} */ (record[name]);
for (let run = 0; run < COLD_RUNS; run++) {
  for (const [name, code] of Object.entries(coldContenders)) {
    const start = process.hrtime.bigint();
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", code], { cwd: root, encoding: "utf8" });
    const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
    if (child.status !== 0) throw new Error(`${name}: ${child.stderr}`);
    samplesOf(inProcess, name).push(JSON.parse(/** @type {string} */ (child.stdout.trim().split("\n").at(-1))).elapsed);
    samplesOf(wall, name).push(wallMs);
  }
}
console.log(`\nCold start (fresh node process each, median of ${COLD_RUNS} runs)`);
console.log(`  ${"".padEnd(52)} ${"import→validated".padStart(16)} ${"process wall".padStart(14)}`);
for (const name of Object.keys(coldContenders)) {
  console.log(
    `  ${name.padEnd(52)} ${`${format(median(samplesOf(inProcess, name)), 1)} ms`.padStart(16)} ${`${format(median(samplesOf(wall, name)), 1)} ms`.padStart(14)}`,
  );
}
const [oursName, ...references] = /** @type {[string, ...string[]]} */ (Object.keys(coldContenders));
for (const referenceName of references) {
  const ratio = median(samplesOf(inProcess, referenceName)) / median(samplesOf(inProcess, oursName));
  const wallRatio = median(samplesOf(wall, referenceName)) / median(samplesOf(wall, oursName));
  console.log(`  ratio vs "${referenceName}": ${format(ratio, 1)}× (import→validated), ${format(wallRatio, 2)}× (process wall)`);
}
