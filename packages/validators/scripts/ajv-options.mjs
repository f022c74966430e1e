// @ts-check
// The one ajv configuration of this package: the build compiles with it, and the benchmark
// and the tests compile the same schemas with it at run time as their reference.
//   - the 2020-12 build, because generated/json-schema/ is JSON Schema 2020-12;
//   - strict, so a schema ajv would silently misread fails the build instead;
//   - allErrors, so a failed validation reports every problem at once, as the API's error
//     details do (Errors › Error body: zero or more detail objects);
//   - verbose, so an error carries its schema: `not: {required: [name]}` then tells which
//     property is forbidden (client_secret in an event, Resources › Event);
//   - messages off: this package writes its own messages, which never quote the value;
//   - ajv-formats in its "fast" mode (regular expressions only). Every `format` of the spec
//     (`date-time` of UtcTimestamp, `uri` of content_url and next) is on data the platform
//     itself writes (responses and events; no request body has one), so a calendar check of
//     each timestamp buys nothing a receiver can act on, and "full" mode costs more than the
//     rest of validation together: 0.86 of the 1.0 µs for a small event, 144 of the 147 µs for a 64 KiB one
//     (`npm run bench -- webhooks`). Fast mode still rejects a non-URI and a non-
//     timestamp; it accepts a well-shaped impossible date such as 2026-02-30.
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { jsonSchemaDir } from "./paths.mjs";

export const ajvOptions = Object.freeze({ strict: true, allErrors: true, verbose: true, messages: false });
export const formatsOptions = Object.freeze({ mode: "fast" });

/**
 * An ajv instance with the formats, holding every schema of generated/json-schema/.
 * @param {import("ajv/dist/2020.js").Options} [extraOptions]
 * @param {import("ajv/dist/2020.js").SchemaObject[]} [schemas]
 */
export function createSchemaAjv(extraOptions = {}, schemas = loadJsonSchemas()) {
  const ajv = new Ajv2020.default({ ...ajvOptions, ...extraOptions });
  addFormats.default(ajv, formatsOptions);
  for (const schema of schemas) ajv.addSchema(schema);
  return ajv;
}

/**
 * The schemas of generated/json-schema/, sorted by file name.
 * @returns {Array<import("ajv/dist/2020.js").SchemaObject & { $id: string }>} every generated schema has its file name as `$id`
 */
export function loadJsonSchemas() {
  return readdirSync(jsonSchemaDir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(jsonSchemaDir, file), "utf8")));
}
