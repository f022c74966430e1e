// @ts-check
// The sandbox's build writes the two OpenAPI documents it reads when it starts, the public
// API's (dist/reference/openapi.yaml, which scripts/docs.mjs copied beside the reference) and
// the control API's (openapi/control-api.yaml), once more as JSON in dist/documents/: parsing
// them as YAML took about a quarter of the sandbox's start (`npm run bench -- sandbox-start`).
// The YAML files stay what /docs serves.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import YAML from "yaml";

const at = (/** @type {string} */ path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

mkdirSync(at("dist/documents"), { recursive: true });
/** @type {Array<[from: string, to: string]>} */
const DOCUMENTS = [
  ["dist/reference/openapi.yaml", "dist/documents/public.json"],
  ["openapi/control-api.yaml", "dist/documents/control.json"],
];
for (const [from, to] of DOCUMENTS) writeFileSync(at(to), JSON.stringify(YAML.parse(readFileSync(at(from), "utf8"))));
