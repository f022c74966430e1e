// @ts-check
// Additions keep the shapes the interface document shows valid (docs/decisions.md#other-additions):
// a message made exactly as the interface document shows it, with none of the fields the spec
// adds, must pass the built schemas. The shapes are read from the document's own tables:
//   - Resources › Event, for every event type the built document has a webhook for (its data
//     the signing request of Resources › Signing request, without client_secret; `{}` for a
//     type whose data the document says is not shown, as ping's);
//   - Resources › Signing request, as the Endpoints row of GET /v1/signing-requests/{id}
//     answers it (with client_secret);
//   - Errors › Error body, with a detail and with none, as every error response carries it;
//   - the paginated list of the Endpoints table (GET /certificates: items, cursor, next).
// Each is validated against the schema of generated/json-schema/ that the validators package
// compiles for it (its one ajv configuration), and every refusal is a finding: the shape and
// where the interface document shows it, the schema, the field, and what to change.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createSchemaAjv } from "../../packages/validators/scripts/ajv-options.mjs";
import { root } from "./paths.mjs";

/** @typedef {Record<string, any>} Json */

/**
 * A shape the interface document shows, as a value, and the schema it must pass.
 * @typedef {object} DocumentedShape
 * @property {string} name what it is, as a reader finds it: `Resources › Event (ping)`
 * @property {number} line the line of docs/interface.md that shows it
 * @property {string} schema the name of the built schema it is checked against, `PingEvent`
 * @property {Json} value the message, with exactly the fields the interface document shows
 */

/**
 * A documented shape the built schema refuses.
 * @typedef {object} DocumentedShapeFinding
 * @property {string} shape the shape, `Resources › Event (certificate.issued)`
 * @property {string} where `docs/interface.md:<line>`
 * @property {string} schema the schema that refuses it
 * @property {string} field JSONPath of the refused value or missing field, `$.data.certificate_id`
 * @property {string} keyword the JSON Schema keyword that refused it, `required`
 * @property {string} message one sentence: what is wrong, and what to do
 */

const INTERFACE_DOCUMENT = "docs/interface.md";
const EXAMPLE_URL = "https://files.example.test/documented";
const EXAMPLE_TIME = "2026-01-02T03:04:05Z";

/**
 * The first table under each heading of a Markdown text, by heading title, with the line of the
 * heading (1-based) and of each row.
 * @param {string} text
 * @returns {Map<string, { line: number, rows: { cells: string[], line: number }[] }>}
 */
function tablesByHeading(text) {
  /** @type {Map<string, { line: number, rows: { cells: string[], line: number }[] }>} */
  const tables = new Map();
  /** @type {{ line: number, rows: { cells: string[], line: number }[] } | undefined} */
  let current;
  let done = false;
  text.split("\n").forEach((line, index) => {
    const heading = /^#+\s+(.+)$/.exec(line);
    if (heading) {
      current = { line: index + 1, rows: [] };
      done = false;
      if (!tables.has(heading[1]?.trim() ?? "")) tables.set(heading[1]?.trim() ?? "", current);
      return;
    }
    if (!current || done) return;
    if (line.startsWith("|")) {
      const cells = line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim());
      if (!cells.every((cell) => /^-+$/.test(cell))) current.rows.push({ cells, line: index + 1 });
    } else if (current.rows.length > 0) done = true;
  });
  // The first row of each table is its header.
  for (const table of tables.values()) table.rows = table.rows.slice(1);
  return tables;
}

/**
 * The table under `heading`; throws, naming the heading, when the interface document has none.
 * @param {ReturnType<typeof tablesByHeading>} tables
 * @param {string} heading
 */
function tableUnder(tables, heading) {
  const table = tables.get(heading);
  if (!table || table.rows.length === 0) throw new Error(`${INTERFACE_DOCUMENT} has no table under the heading "${heading}".`);
  return table;
}

/**
 * The value a row of a Field | Type | Notes table shows: what its notes say (`Always event.`,
 * `shaped sr_<id>`, `The value completed is shown.`, a timestamp, `for example required`), else
 * a value of its type. An array holds one object with the fields its notes name (`Each document
 * has a content_url`). Undefined for an object whose fields another row gives.
 * @param {string} type
 * @param {string} notes
 * @returns {unknown}
 */
function shownValue(type, notes) {
  const always = /\bAlways (\w+)\./.exec(notes)?.[1];
  if (always !== undefined) return always;
  const prefix = /\bshaped (\w+_)<id>/.exec(notes)?.[1];
  if (prefix !== undefined) return `${prefix}documented`;
  const shown = /\bThe value (\w+) is shown\./.exec(notes)?.[1];
  if (shown !== undefined) return shown;
  const example = /\bfor example (\w+)/.exec(notes)?.[1];
  if (example !== undefined && type === "string") return example;
  if (/ISO 8601/.test(notes)) return EXAMPLE_TIME;
  switch (type) {
    case "boolean":
      return false;
    case "array": {
      const fields = [...notes.matchAll(/\b([a-z]+(?:_[a-z]+)+)\b/g)].map(([, name]) => /** @type {string} */ (name));
      return fields.length === 0
        ? []
        : [Object.fromEntries(fields.map((name) => [name, name.endsWith("_url") ? EXAMPLE_URL : "documented"]))];
    }
    case "object":
      return undefined;
    default:
      return "documented";
  }
}

/**
 * Sets `value` at a dotted field name of a table (`error.details[].code`), making the objects
 * and the one item of an array on the way.
 * @param {Json} into
 * @param {string} field
 * @param {unknown} value
 */
function setField(into, field, value) {
  const parts = field.split(".");
  /** @type {Json} */
  let node = into;
  for (const [index, part] of parts.entries()) {
    const last = index === parts.length - 1;
    const name = part.replace(/\[\]$/, "");
    if (part.endsWith("[]")) {
      if (!Array.isArray(node[name]) || node[name].length === 0) node[name] = [{}];
      if (last) return;
      node = node[name][0];
    } else if (last) {
      if (value !== undefined || !(name in node)) node[name] = value ?? {};
    } else {
      if (typeof node[name] !== "object" || node[name] === null || Array.isArray(node[name])) node[name] = {};
      node = node[name];
    }
  }
}

/**
 * A value with exactly the fields of a Field | Type | Notes table, each as its row shows it.
 * @param {{ cells: string[] }[]} rows
 * @param {(field: string, notes: string) => unknown} [override] a value a row's own notes cannot give (undefined: the row's)
 * @param {(field: string, notes: string) => boolean} [omitted] rows left out of this shape
 * @returns {Json}
 */
function valueOfTable(rows, override = () => undefined, omitted = () => false) {
  /** @type {Json} */
  const value = {};
  for (const { cells } of rows) {
    const [field = "", type = "", notes = ""] = cells;
    if (omitted(field, notes)) continue;
    setField(value, field, override(field, notes) ?? shownValue(type, notes));
  }
  return value;
}

/**
 * The component name a `$ref` of the document names.
 * @param {unknown} schema
 * @returns {string | undefined}
 */
const componentName = (schema) => {
  const ref = /** @type {Json | undefined} */ (schema)?.$ref;
  return typeof ref === "string" && ref.startsWith("#/components/schemas/") ? ref.slice("#/components/schemas/".length) : undefined;
};

/**
 * The node a local `$ref` of the document names, or the node itself.
 * @param {Json} document
 * @param {unknown} node
 * @returns {Json | undefined}
 */
function resolve(document, node) {
  const ref = /** @type {Json | undefined} */ (node)?.$ref;
  if (typeof ref !== "string") return /** @type {Json | undefined} */ (node);
  return ref
    .replace(/^#\//, "")
    .split("/")
    .reduce((into, token) => into?.[token.replace(/~1/g, "/").replace(/~0/g, "~")], /** @type {Json | undefined} */ (document));
}

/**
 * The schema name of the JSON body of an operation's response of `status`.
 * @param {Json} document
 * @param {string} method lower case
 * @param {string} path
 * @param {string} status
 */
function responseSchemaName(document, method, path, status) {
  const response = resolve(document, document.paths?.[path]?.[method]?.responses?.[status]);
  return componentName(response?.content?.["application/json"]?.schema);
}

/**
 * Every shape the interface document shows, as a value, with the built schema it must pass.
 * @param {Json} document the built OpenAPI document (generated/openapi.yaml)
 * @param {string} [interfaceText] docs/interface.md
 * @returns {DocumentedShape[]}
 */
export function documentedShapes(document, interfaceText = readFileSync(join(root, INTERFACE_DOCUMENT), "utf8")) {
  const tables = tablesByHeading(interfaceText);
  /** @type {DocumentedShape[]} */
  const shapes = [];

  // Resources › Signing request: with client_secret as GET answers it, without it in an event.
  const signingRequestTable = tableUnder(tables, "Signing request");
  const isClientSecret = (/** @type {string} */ _field, /** @type {string} */ notes) => /omitted from event payloads/.test(notes);
  const signingRequest = valueOfTable(signingRequestTable.rows);
  const eventSigningRequest = valueOfTable(signingRequestTable.rows, undefined, isClientSecret);

  // The Endpoints table: an answer that is the signing request, and a paginated list.
  const endpoints = tableUnder(tables, "Endpoints");
  for (const { cells, line } of endpoints.rows) {
    const [method = "", written = "", , response = ""] = cells;
    const path = written.replace("{base_url}", "");
    const name = `Endpoints › ${method} ${path}`;
    const schema = responseSchemaName(document, method.toLowerCase(), path, "200");
    if (!schema) continue;
    if (/\bwith the signing request\b/.test(response)) shapes.push({ name, line, schema, value: signingRequest });
    const list = /Paginated list: (.+?)\.?$/.exec(response)?.[1];
    if (list) {
      // "items (array), cursor (string), next (URL string)"
      const fields = [...list.matchAll(/(\w+) \(([^)]+)\)/g)].map(([, field = "", type = ""]) => [
        field,
        type === "array" ? [] : /URL/.test(type) ? EXAMPLE_URL : "documented",
      ]);
      shapes.push({ name, line, schema, value: Object.fromEntries(fields) });
    }
  }

  // Resources › Event, for every event type of the built document.
  const eventTable = tableUnder(tables, "Event");
  const notShown = new Set([...interfaceText.matchAll(/^- The data payload of ([\w.]+): not shown\.$/gm)].map(([, type]) => type));
  for (const [type, webhook] of Object.entries(/** @type {Json} */ (document.webhooks ?? {}))) {
    const schema = componentName(resolve(document, webhook?.post?.requestBody)?.content?.["application/json"]?.schema);
    if (!schema) continue;
    const value = valueOfTable(
      eventTable.rows,
      (field) => (field === "type" ? type : field === "data.object" ? structuredClone(eventSigningRequest) : undefined),
      (field) => notShown.has(type) && field.startsWith("data."),
    );
    if (notShown.has(type)) value.data = {};
    shapes.push({ name: `Resources › Event (${type})`, line: eventTable.line, schema, value });
  }

  // Errors › Error body, as every error response carries it: with one detail, and with none.
  const errorTable = tableUnder(tables, "Error body");
  const errorSchemas = new Set(
    Object.values(/** @type {Json} */ (document.paths ?? {})).flatMap((item) =>
      Object.values(/** @type {Json} */ (item)).flatMap((operation) =>
        Object.entries(/** @type {Json} */ (operation?.responses ?? {}))
          .filter(([status]) => /^[45]/.test(status))
          .map(([, response]) => componentName(resolve(document, response)?.content?.["application/json"]?.schema))
          .filter((name) => name !== undefined),
      ),
    ),
  );
  const withDetail = valueOfTable(errorTable.rows);
  for (const schema of errorSchemas) {
    shapes.push({ name: "Errors › Error body", line: errorTable.line, schema, value: withDetail });
    shapes.push({
      name: "Errors › Error body, with no detail",
      line: errorTable.line,
      schema,
      value: { ...withDetail, error: { ...withDetail.error, details: [] } },
    });
  }
  return shapes;
}

/**
 * A JSON pointer of ajv (`/data/object`) as the JSONPath a finding names (`$.data.object`).
 * @param {string} pointer
 * @param {string} [child]
 */
function jsonPath(pointer, child) {
  const tokens = pointer
    .split("/")
    .slice(1)
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (child !== undefined) tokens.push(child);
  return tokens.reduce((path, token) => (/^\d+$/.test(token) ? `${path}[${token}]` : `${path}.${token}`), "$");
}

/**
 * The field one refusal names, and what to do about it.
 * @param {import("ajv/dist/2020.js").ErrorObject} error
 * @returns {{ field: string, advice: string }}
 */
function adviceFor(error) {
  const { keyword, params, schemaPath, instancePath } = error;
  if (keyword === "required") {
    const name = String(params.missingProperty);
    return {
      field: jsonPath(instancePath, name),
      advice:
        "the schema requires a field the interface document does not show; make the addition optional in the spec " +
        `(\`${name}?:\`), even where the platform always sends it (docs/decisions.md#other-additions).`,
    };
  }
  if (keyword === "unevaluatedProperties" || keyword === "additionalProperties" || schemaPath.includes("/unevaluatedProperties/")) {
    const name = params.unevaluatedProperty ?? params.additionalProperty;
    return {
      field: jsonPath(instancePath, name === undefined ? undefined : String(name)),
      advice: "the schema does not allow a field the interface document shows; declare the field, or keep the shape open.",
    };
  }
  if (keyword === "not") {
    const forbidden = /** @type {{ required?: string[] } | undefined} */ (error.schema)?.required ?? [];
    return {
      field: jsonPath(instancePath, forbidden[0]),
      advice: "the schema forbids a field the interface document shows there; allow it again.",
    };
  }
  return {
    field: jsonPath(instancePath),
    advice:
      `the schema refuses the value the interface document shows there (${keyword}); widen it so that the documented value ` +
      "stays valid (a set that can grow is an open union of its known values and any string).",
  };
}

/**
 * Every shape the interface document shows that the built schemas refuse: the rule that
 * additions keep those shapes valid (docs/decisions.md#other-additions), as findings. Empty when
 * every shape passes.
 * @param {{ document: Json, jsonSchemas: Json[], interfaceText?: string }} input the built
 *   OpenAPI document, the schemas of generated/json-schema/ (see {@link readJsonSchemas}), and
 *   docs/interface.md (read from the repository when not given)
 * @returns {DocumentedShapeFinding[]}
 */
export function documentedShapeFindings({ document, jsonSchemas, interfaceText }) {
  const ajv = createSchemaAjv({}, /** @type {any} */ (jsonSchemas));
  /** @type {DocumentedShapeFinding[]} */
  const findings = [];
  for (const shape of documentedShapes(document, interfaceText)) {
    const validate = ajv.getSchema(`${shape.schema}.json`);
    if (!validate) throw new Error(`generated/json-schema/ has no ${shape.schema}.json for ${shape.name}.`);
    if (validate(shape.value)) continue;
    const seen = new Set();
    for (const error of /** @type {any[]} */ (validate.errors ?? [])) {
      // A union's branches report beside the union itself; the union's own error says it.
      if (/\/(anyOf|oneOf)\/\d+\//.test(error.schemaPath)) continue;
      const { field, advice } = adviceFor(error);
      const key = `${field} ${error.keyword}`;
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push({
        shape: shape.name,
        where: `${INTERFACE_DOCUMENT}:${shape.line}`,
        schema: shape.schema,
        field,
        keyword: error.keyword,
        message: `${shape.name}, as the interface document shows it, is refused by ${shape.schema} at ${field}: ${advice}`,
      });
    }
  }
  return findings;
}

/**
 * The schemas of a generated/json-schema/ folder, by file name.
 * @param {string} dir
 * @returns {Json[]}
 */
export function readJsonSchemas(dir) {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), "utf8")));
}

/**
 * The findings as lines to print, each starting with where the shape is shown.
 * @param {readonly DocumentedShapeFinding[]} findings
 * @returns {string}
 */
export function formatDocumentedShapeFindings(findings) {
  return findings.map((finding) => `${finding.where}: ${finding.message}`).join("\n");
}
