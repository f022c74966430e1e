// signing-platform-resource-etag. Interface document › Endpoints: "Every resource response
// carries an ETag header" (docs/decisions.md#entity-tags: a strong validator). A resource response is a 2xx
// response with a body; a 204, or a 202 without a body, has no representation to tag.
import { createRulesetFunction, type IFunctionResult } from "@stoplight/spectral-core";
import { readConventions } from "../conventions.js";
import { describeResponse, hasBody, isSuccessStatus, operationsOf, responsesOf } from "../openapi.js";
import { requireResponseHeader } from "../response-headers.js";

/**
 * The Spectral function of signing-platform-resource-etag: every response that returns a resource carries ETag. Give it `$.paths` of an OpenAPI 3 document.
 * @example
 * ```ts
 * import { resourceEtag } from "@signing-platform/rules/functions";
 *
 * export default { rules: { "my-resource-etag": { given: "$.paths", severity: "error", then: { function: resourceEtag } } } };
 * ```
 */
export const resourceEtag = createRulesetFunction<unknown, null>({ input: null, options: null }, (paths, _options, context) => {
  const header = readConventions(context.document.data).headers.entity_tag;
  const results: IFunctionResult[] = [];
  for (const entry of operationsOf(paths)) {
    for (const { status, response, at } of responsesOf(entry)) {
      if (!isSuccessStatus(status) || !hasBody(response)) continue;
      results.push(...requireResponseHeader(response, at, describeResponse(entry, status), header, "every resource response carries it"));
    }
  }
  return results;
});
