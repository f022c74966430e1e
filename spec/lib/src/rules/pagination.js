// @ts-check
// Limits › Pagination rules; Endpoints, GET /certificates: a list takes `limit` (1 to 100,
// default 25) and an opaque `cursor`, and returns {items, cursor, next}
// (docs/decisions.md#cursor-pagination). Every list of resources is judged, however its body
// is shaped: a list is a GET marked @list, one that takes `limit` or `cursor`, or a GET of a
// collection path (not ending in a path parameter) whose 200 body is an array or an object
// with an `items` or `data` array.
import { createRule, getTypeName, isArrayModelType, listServices, paramMessage } from "@typespec/compiler";
import { EXTENSIONS } from "@signing-platform/contract";
import { getExtensions } from "@typespec/openapi";
import { describePagination } from "../validate.js";
import { apiOperations, describeOperation, responsesByStatus } from "../state.js";

/** @typedef {import("@typespec/compiler").Type} Type */

const LIST_FIELDS = ["items", "data"];

/**
 * A type as a designer writes it in the operation: its own name, without its namespace.
 * @param {Type} type
 */
const shortName = (type) => ("name" in type && typeof type.name === "string" && type.name ? type.name : getTypeName(type));

/**
 * How the 200 body of a GET is shaped as a list: `Probe[]`, `{ data: Probe[] }`, or none.
 * @param {Type | undefined} body
 */
function listShape(body) {
  if (!body || body.kind !== "Model") return undefined;
  if (isArrayModelType(body)) return `${shortName(body.indexer.value)}[]`;
  for (const field of LIST_FIELDS) {
    const property = body.properties.get(field);
    if (property?.type.kind === "Model" && isArrayModelType(property.type))
      return `{ ${field}: ${shortName(property.type.indexer.value)}[] }`;
  }
  return undefined;
}

/** @param {import("@typespec/compiler").Program} program */
function pageLimits(program) {
  for (const { type: namespace } of listServices(program)) {
    const limits = getExtensions(program, namespace).get(EXTENSIONS.limits);
    if (limits && typeof limits === "object") return /** @type {Partial<import("@signing-platform/contract").LimitsExtension>} */ (limits);
  }
  return {};
}

export const paginationRule = createRule({
  name: "pagination",
  severity: "warning",
  description: "Every list of resources is cursor-paged: @list, ...CursorPageParameters and Page<T>.",
  messages: {
    default: paramMessage`${"operation"} returns a list of resources (${"shape"}) but ${"problems"} (Limits › Pagination rules): mark it \`@list\`, spread \`...CursorPageParameters\` into its parameters and return \`Page<${"item"}>\`.`,
    limits: paramMessage`\`limit\` of ${"operation"} must have default ${"default"}, minimum ${"minimum"} and maximum ${"maximum"} (Limits › Page size): spread \`...CursorPageParameters\`.`,
  },
  create(context) {
    return {
      exit(program) {
        const limits = pageLimits(program);
        for (const httpOperation of apiOperations(program)) {
          if (httpOperation.verb !== "get") continue;
          const ok = responsesByStatus(httpOperation).find(({ status }) => status === 200)?.response;
          const body = ok?.responses.find((variant) => variant.body)?.body?.type;
          const query = httpOperation.parameters.parameters.filter((parameter) => parameter.type === "query").map((p) => p.name);
          const paging = describePagination(program, httpOperation);
          const lastSegment = httpOperation.path.split("/").filter(Boolean).pop() ?? "";
          const shape = listShape(body);
          const isList =
            paging !== undefined ||
            query.includes("limit") ||
            query.includes("cursor") ||
            (shape !== undefined && !/^\{.*\}$/.test(lastSegment));
          if (!isList) continue;
          /** @type {string[]} */
          const problems = [];
          if (!paging) problems.push("is not marked `@list`");
          if (!paging?.limit_parameter || !paging.cursor_parameter) problems.push("does not take `limit` and `cursor`");
          const isPage = paging?.items_field === "items" && paging.next_cursor_field === "cursor" && paging.next_url_field === "next";
          if (!isPage) problems.push("does not return the page {items, cursor, next}");
          const item = /^\{ \w+: (.*)\[\] \}$|^(.*)\[\]$/.exec(shape ?? "");
          const operation = describeOperation(httpOperation);
          if (problems.length > 0) {
            context.reportDiagnostic({
              messageId: "default",
              format: {
                operation,
                shape: shape ?? (body ? shortName(body) : "no body"),
                problems: problems.join(", "),
                item: item?.[1] ?? item?.[2] ?? "T",
              },
              target: httpOperation.operation,
            });
            continue;
          }
          const wanted = { default: limits.page_size_default, minimum: limits.page_size_minimum, maximum: limits.page_size_maximum };
          const found = { default: paging?.limit_default, minimum: paging?.limit_minimum, maximum: paging?.limit_maximum };
          const differs = /** @type {(keyof typeof wanted)[]} */ (Object.keys(wanted)).some(
            (keyword) => wanted[keyword] !== undefined && wanted[keyword] !== found[keyword],
          );
          if (differs) {
            context.reportDiagnostic({
              messageId: "limits",
              format: {
                operation,
                default: String(wanted.default),
                minimum: String(wanted.minimum),
                maximum: String(wanted.maximum),
              },
              target: httpOperation.operation,
            });
          }
        }
      },
    };
  },
});
