// Which page shape a list operation has, for both SDKs: the one its document states
// (x-signing-platform-page-shape, else the platform's x-signing-platform-pagination), else the
// one its query parameters, success body and response headers show, in the order of the table
// below. Where the signs point at two fields or no items array, nothing is guessed: the
// operation gets a plain method, and the document can state its shape with the extension.
import { EXTENSIONS, type BodyPath, type PageShape, pageShapeProblem, readOperationExtensions } from "@signing-platform/contract";
import { type OpenApiOperation, resolveRef } from "@signing-platform/contract/openapi";
import { GeneratorInputError } from "./generator-input-error.js";
import type { OpenApiDocument } from "./load-document.js";
import { objectShape } from "./python/python-types.js";

type Node = Record<string, unknown>;

/** What recognition reads of an operation: its query parameter names, its success body's fields and its response headers. */
interface ListSigns {
  query: ReadonlySet<string>;
  /** The success body's fields, their schemas resolved; undefined when the body is not an object. */
  fields: ReadonlyMap<string, Node> | undefined;
  /** Where the items are: the body itself when it is an array, else its one array field. */
  items: BodyPath | undefined;
  /** Response header names, in lower case. */
  headers: ReadonlySet<string>;
}

/** Body fields that hold the next page's URL, by API: Spotify's and most APIs', Twilio's, OData's, JSON:API's, HAL's. */
const NEXT_LINK_FIELDS: readonly BodyPath[] = [
  ["next"],
  ["next_page_uri"],
  ["next_page_url"],
  ["nextPageUrl"],
  ["nextLink"],
  ["next_link"],
  ["@odata.nextLink"],
  ["links", "next"],
  ["_links", "next", "href"],
];
const TOKEN_PARAMETERS = ["page_token", "pageToken", "cursor"];
const TOKEN_FIELDS = ["next_page_token", "nextPageToken", "next_cursor"];
const PAGE_SIZE_PARAMETERS = ["per_page", "page_size", "pageSize"];
/** Array fields that hold the items where a body has more than one array. */
const ITEMS_FIELDS = ["data", "items"];

const isArray = (schema: Node | undefined) => schema?.type === "array" || (schema?.type === undefined && schema?.items !== undefined);
const isStringy = (schema: Node | undefined) =>
  schema !== undefined &&
  (schema.type === undefined || schema.type === "string" || (Array.isArray(schema.type) && schema.type.includes("string")));

/** The one query parameter of `names` the operation takes, if exactly one. */
function oneOf(query: ReadonlySet<string>, names: readonly string[]): string | undefined {
  const found = names.filter((name) => query.has(name));
  return found.length === 1 ? found[0] : undefined;
}

function fieldAt(document: OpenApiDocument, fields: ReadonlyMap<string, Node> | undefined, path: BodyPath): Node | undefined {
  let schema: Node | undefined;
  let current = fields;
  for (const name of path) {
    schema = current?.get(name);
    const shape = schema && objectShape(document, schema);
    current = shape && new Map(shape.properties.map(([key, value]) => [key, resolveRef(document, value, key) ?? {}]));
  }
  return schema;
}

/** Each style's signs, tried in this order: the first that fits is the shape. `undefined` is "not this style", `null` "ambiguous: no shape at all". */
const RECOGNISERS: ReadonlyArray<
  (signs: ListSigns & { items: BodyPath }, document: OpenApiDocument, parameters: Node[]) => PageShape | null | undefined
> = [
  // Stripe: `starting_after` the last item's id, while `has_more`.
  ({ query, fields, items }) =>
    query.has("starting_after") && fields?.get("has_more")?.type === "boolean" && items.length > 0
      ? { style: "after_last_item", items, cursor_parameter: "starting_after", has_more: ["has_more"], item_id: "id" }
      : undefined,
  // A next link in the body: one of the known fields, a string.
  ({ fields, items }, document) => {
    const links = NEXT_LINK_FIELDS.filter((path) => isStringy(fieldAt(document, fields, path)));
    if (links.length > 1) return null;
    return links[0] ? { style: "next_link", items, next_link: links[0] } : undefined;
  },
  // A page token: a token parameter and a next token field.
  ({ query, fields, items }) => {
    const parameter = oneOf(query, TOKEN_PARAMETERS);
    const field = TOKEN_FIELDS.filter((name) => fields?.has(name));
    if (!parameter || field.length === 0) return undefined;
    return field.length === 1 ? { style: "cursor", items, cursor_parameter: parameter, next_cursor: [field[0]!] } : null;
  },
  // GitHub: a Link header with page numbers.
  ({ query, headers, items }) =>
    headers.has("link") && query.has("page") && oneOf(query, PAGE_SIZE_PARAMETERS) ? { style: "link_header", items } : undefined,
  // Offset and limit, ended by the total where the body has one.
  ({ query, fields, items }) =>
    query.has("offset") && query.has("limit")
      ? {
          style: "offset",
          items,
          offset_parameter: "offset",
          limit_parameter: "limit",
          ...(fields?.get("total")?.type === "integer" ? { total: ["total"] } : {}),
        }
      : undefined,
  // Page numbers and a page size.
  ({ query, items }, document, parameters) => {
    const size = oneOf(query, PAGE_SIZE_PARAMETERS);
    if (!query.has("page") || !size) return undefined;
    const page = resolveRef(
      document,
      parameters.find((parameter) => parameter.in === "query" && parameter.name === "page")?.schema,
      "page",
    );
    const first = [page?.default, page?.minimum].find((value): value is number => Number.isInteger(value)) ?? 1;
    return { style: "page_number", items, page_parameter: "page", size_parameter: size, first_page: first };
  },
];

function signsOf(document: OpenApiDocument, operation: OpenApiOperation, parameters: Node[]): ListSigns {
  const where = `${operation.method.toUpperCase()} ${operation.path}`;
  const query = new Set(parameters.filter((parameter) => parameter.in === "query").map((parameter) => String(parameter.name)));
  const responses = (operation.operation.responses ?? {}) as Node;
  const status = Object.keys(responses)
    .filter((code) => /^2(\d\d|XX)$/i.test(code))
    .sort()[0];
  const response = status === undefined ? undefined : resolveRef(document, responses[status], `${where} › responses › ${status}`);
  const headers = new Set(Object.keys((response?.headers as Node | undefined) ?? {}).map((name) => name.toLowerCase()));
  const json = Object.entries((response?.content as Record<string, Node> | undefined) ?? {}).find(([type]) =>
    /^application\/(.+\+)?json/.test(type),
  );
  const body = resolveRef(document, json?.[1]?.schema, `${where} › response`);
  if (isArray(body)) return { query, fields: undefined, items: [], headers };
  const shape = body && objectShape(document, body);
  const fields = shape && new Map(shape.properties.map(([name, schema]) => [name, resolveRef(document, schema, name) ?? {}]));
  const arrays = [...(fields ?? [])].filter(([, schema]) => isArray(schema)).map(([name]) => name);
  const named = arrays.filter((name) => ITEMS_FIELDS.includes(name));
  const items = arrays.length === 1 ? arrays : named.length === 1 ? named : undefined;
  return { query, fields, items, headers };
}

/**
 * The page shape of an operation: stated by its document (`declared`, from the runtime's own
 * reading of its extensions), switched off by `x-signing-platform-page-shape: false`, or
 * recognised; undefined for an operation the SDKs do not page through.
 */
export function pageShapeOf(
  document: OpenApiDocument,
  operation: OpenApiOperation,
  parameters: Node[],
  declared: PageShape | undefined,
): PageShape | undefined {
  const stated = operation.operation[EXTENSIONS.pageShape];
  const problem = stated === undefined ? undefined : pageShapeProblem(stated);
  if (problem !== undefined)
    throw new GeneratorInputError(`${operation.method.toUpperCase()} ${operation.path} › ${EXTENSIONS.pageShape}: ${problem}`);
  if (operation.method !== "get" || readOperationExtensions(operation.operation).pageShape === false) return undefined;
  if (declared) return declared;
  const signs = signsOf(document, operation, parameters);
  const { items } = signs;
  if (items === undefined) return undefined;
  for (const recognise of RECOGNISERS) {
    const shape = recognise({ ...signs, items }, document, parameters);
    if (shape !== undefined) return shape ?? undefined;
  }
  return undefined;
}
