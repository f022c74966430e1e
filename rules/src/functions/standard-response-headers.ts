// signing-platform-standard-response-headers. Interface document › Errors › Headers on every
// response: Request-Id ("Always returned"), RateLimit-Limit, RateLimit-Remaining and
// RateLimit-Reset, on every response, errors and 304 included (Endpoints: "Every response
// carries the headers listed under Errors"; docs/decisions.md#entity-tags for the 304).
import { createRulesetFunction, type IFunctionResult } from "@stoplight/spectral-core";
import { readConventions } from "../conventions.js";
import { describeResponse, operationsOf, responsesOf } from "../openapi.js";
import { requireResponseHeader } from "../response-headers.js";

/**
 * The Spectral function of signing-platform-standard-response-headers: every response declares the request id and rate-limit headers (Errors › Headers on every response). Give it `$.paths` of an OpenAPI 3 document.
 * @example
 * ```ts
 * import { standardResponseHeaders } from "@signing-platform/rules/functions";
 *
 * export default { rules: { "my-standard-response-headers": { given: "$.paths", severity: "error", then: { function: standardResponseHeaders } } } };
 * ```
 */
export const standardResponseHeaders = createRulesetFunction<unknown, null>({ input: null, options: null }, (paths, _options, context) => {
  const { headers } = readConventions(context.document.data);
  const names = [headers.request_id, headers.rate_limit_limit, headers.rate_limit_remaining, headers.rate_limit_reset];
  const results: IFunctionResult[] = [];
  for (const entry of operationsOf(paths)) {
    for (const { status, response, at } of responsesOf(entry)) {
      for (const name of names) {
        results.push(...requireResponseHeader(response, at, describeResponse(entry, status), name, "every response carries it"));
      }
    }
  }
  return results;
});
