// signing-platform-conditional-get. Interface document › Endpoints, GET /certificates/{id}:
// "Optional header If-None-Match carrying an entity tag. 200 with the resource and an ETag
// header, or 304 with no body"; docs/decisions.md#entity-tags: a 304 carries ETag. The rule applies this to
// every GET of a single resource: a GET whose path ends in a path parameter and whose 200
// returns a body. Any 304, wherever it is declared, has no body.
import { createRulesetFunction, type IFunctionResult } from "@stoplight/spectral-core";
import { readConventions } from "../conventions.js";
import { isJsonObject } from "@signing-platform/contract/openapi";
import {
  describeOperation,
  describeResponse,
  findParameter,
  hasBody,
  operationsOf,
  parametersOf,
  result,
  type OperationEntry,
} from "../openapi.js";
import { requireResponseHeader } from "../response-headers.js";

/** A GET of one resource: `/things/{id}`, answering 200 with a body. */
export function readsSingleResource(entry: OperationEntry): boolean {
  const lastSegment = entry.path.split("/").filter(Boolean).pop() ?? "";
  const ok = entry.operation.responses?.["200"];
  return entry.method === "get" && /^\{[^}]+\}$/.test(lastSegment) && isJsonObject(ok) && hasBody(ok);
}

/**
 * The Spectral function of signing-platform-conditional-get: a GET of a single resource accepts If-None-Match and declares a 304 with no body and an ETag (Endpoints, GET /certificates/{id}). Give it `$.paths` of an OpenAPI 3 document.
 * @example
 * ```ts
 * import { conditionalGet } from "@signing-platform/rules/functions";
 *
 * export default { rules: { "my-conditional-get": { given: "$.paths", severity: "error", then: { function: conditionalGet } } } };
 * ```
 */
export const conditionalGet = createRulesetFunction<unknown, null>({ input: null, options: null }, (paths, _options, context) => {
  const { headers } = readConventions(context.document.data);
  const results: IFunctionResult[] = [];
  for (const entry of operationsOf(paths)) {
    const name = describeOperation(entry);
    const notModified = entry.operation.responses?.["304"];
    if (readsSingleResource(entry)) {
      const condition = findParameter(parametersOf(entry), "header", headers.if_none_match);
      if (!condition)
        results.push(result(`${name} reads a single resource but does not accept the ${headers.if_none_match} header.`, entry.at));
      else if (condition.parameter.required === true)
        results.push(result(`${headers.if_none_match} of ${name} must be optional.`, condition.at));
      if (!isJsonObject(notModified))
        results.push(result(`${name} reads a single resource but declares no 304 response.`, [...entry.at, "responses"]));
    }
    if (isJsonObject(notModified)) {
      const at = [...entry.at, "responses", "304"];
      if (hasBody(notModified)) results.push(result(`The 304 response of ${name} must have no body.`, [...at, "content"]));
      results.push(
        ...requireResponseHeader(notModified, at, describeResponse(entry, "304"), headers.entity_tag, "a 304 carries the entity tag"),
      );
    }
  }
  return results;
});
