// signing-platform-pagination. Interface document › Endpoints, GET /certificates: "Query
// parameters limit (integer, default 25, max 100) and cursor (opaque string). Paginated list:
// items (array), cursor (string), next (URL string)"; Limits › Page size; docs/decisions.md#cursor-pagination
// (limit outside 1–100 is 400, cursor and next are null on the last page). Bounds come from
// the catalogue's limits.
//
// A list operation is a GET that says so (x-signing-platform-pagination), takes `limit` or
// `cursor`, or reads a collection path (not ending in a path parameter) and answers 200 with
// an array, or with an object whose `items` or `data` is an array: `data` is how lists are
// shaped elsewhere, and a list shaped so is still a list that must page. Every list is told
// the page to use, and how TypeSpec writes it.
import { createRulesetFunction, type IFunctionResult } from "@stoplight/spectral-core";
import { EXTENSIONS, type LimitsExtension } from "@signing-platform/contract";
import { readConventions } from "../conventions.js";
import {
  describeOperation,
  findParameter,
  inWords,
  jsonContentOf,
  objectShapeOf,
  operationsOf,
  parametersOf,
  result,
  typesOf,
  type OperationEntry,
  type Path,
} from "../openapi.js";

/** Names fixed by the interface document's list shape. */
const LIMIT = "limit";
const CURSOR = "cursor";
const PAGE_FIELDS = ["items", "cursor", "next"] as const;
const PAGE = `{${PAGE_FIELDS.join(", ")}}`;
/** The array properties that make a 200 body a list: the page's `items`, and `data`. */
const LIST_FIELDS = ["items", "data"] as const;
/** How the spec writes a list's parameters and its page (docs/contributing.md › Add an operation), for messages to name. */
const PARAMETERS_IN_TYPESPEC = "in TypeSpec: `...CursorPageParameters`";
const PAGE_IN_TYPESPEC = "in TypeSpec: `@list`, `...CursorPageParameters` and `Page<T>`";

function okBody(entry: OperationEntry): { schema: unknown; at: Path } | undefined {
  const json = jsonContentOf(entry.operation.responses?.["200"]?.content);
  return json && { schema: json.schema, at: [...entry.at, "responses", "200", "content", json.mediaType, "schema"] };
}

/** Whether an operation is a list: a GET that says so, takes `limit` or `cursor`, or reads a collection as an array. */
export function isListOperation(entry: OperationEntry): boolean {
  if (entry.method !== "get") return false;
  if (entry.operation[EXTENSIONS.pagination]) return true;
  const parameters = parametersOf(entry);
  if (findParameter(parameters, "query", LIMIT) || findParameter(parameters, "query", CURSOR)) return true;
  const lastSegment = entry.path.split("/").filter(Boolean).pop() ?? "";
  const body = okBody(entry);
  if (/^\{.*\}$/.test(lastSegment) || !body) return false;
  if (typesOf(body.schema).has("array")) return true;
  const { properties } = objectShapeOf(body.schema, body.at);
  return LIST_FIELDS.some((field) => properties[field] !== undefined && typesOf(properties[field].schema).has("array"));
}

/**
 * The Spectral function of signing-platform-pagination: list operations take limit and cursor and return {items, cursor, next} (Limits › Pagination rules). Give it `$.paths` of an OpenAPI 3 document.
 * @example
 * ```ts
 * import { pagination } from "@signing-platform/rules/functions";
 *
 * export default { rules: { "my-pagination": { given: "$.paths", severity: "error", then: { function: pagination } } } };
 * ```
 */
export const pagination = createRulesetFunction<unknown, null>({ input: null, options: null }, (paths, _options, context) => {
  const { limits } = readConventions(context.document.data);
  const results: IFunctionResult[] = [];
  for (const entry of operationsOf(paths)) {
    if (isListOperation(entry)) results.push(...checkParameters(entry, limits), ...checkPage(entry));
  }
  return results;
});

function checkParameters(entry: OperationEntry, limits: LimitsExtension): IFunctionResult[] {
  const name = describeOperation(entry);
  const parameters = parametersOf(entry);
  const results: IFunctionResult[] = [];
  const limit = findParameter(parameters, "query", LIMIT);
  if (!limit)
    results.push(
      result(`${name} is a list operation but does not take the \`${LIMIT}\` query parameter (${PARAMETERS_IN_TYPESPEC}).`, entry.at),
    );
  else {
    const schema = limit.parameter.schema ?? {};
    if (limit.parameter.required === true) results.push(result(`\`${LIMIT}\` of ${name} must be optional.`, limit.at));
    if (!typesOf(schema).has("integer")) results.push(result(`\`${LIMIT}\` of ${name} must be of type integer.`, [...limit.at, "schema"]));
    const wanted = { default: limits.page_size_default, minimum: limits.page_size_minimum, maximum: limits.page_size_maximum };
    for (const [keyword, value] of Object.entries(wanted)) {
      if (schema[keyword] !== value) {
        const found = schema[keyword] === undefined ? "none" : schema[keyword];
        results.push(result(`\`${LIMIT}\` of ${name} must have ${keyword} ${value}, not ${found}.`, [...limit.at, "schema"]));
      }
    }
  }
  const cursor = findParameter(parameters, "query", CURSOR);
  if (!cursor)
    results.push(
      result(`${name} is a list operation but does not take the \`${CURSOR}\` query parameter (${PARAMETERS_IN_TYPESPEC}).`, entry.at),
    );
  else {
    if (cursor.parameter.required === true) results.push(result(`\`${CURSOR}\` of ${name} must be optional.`, cursor.at));
    if (!typesOf(cursor.parameter.schema).has("string"))
      results.push(result(`\`${CURSOR}\` of ${name} must be of type string.`, [...cursor.at, "schema"]));
  }
  return results;
}

function checkPage(entry: OperationEntry): IFunctionResult[] {
  const name = describeOperation(entry);
  const body = okBody(entry);
  if (!body)
    return [
      result(`${name} is a list operation but its 200 response has no JSON body: return the page ${PAGE} (${PAGE_IN_TYPESPEC}).`, entry.at),
    ];
  const shape = objectShapeOf(body.schema, body.at);
  const missing = PAGE_FIELDS.filter((field) => !shape.properties[field] || !shape.required.has(field));
  if (missing.length > 0) {
    const fields = inWords(missing.map((field) => `\`${field}\``));
    const verb = missing.length === 1 ? "is" : "are";
    return [
      result(
        `The 200 response of ${name} must return the page ${PAGE} (${PAGE_IN_TYPESPEC}): ${fields} ${verb} missing or not required.`,
        body.at,
      ),
    ];
  }
  const items = shape.properties.items!;
  if (!typesOf(items.schema).has("array")) return [result(`\`items\` in the 200 response of ${name} must be an array.`, items.at)];
  return [];
}
