// signing-platform-retry-after and signing-platform-retry-after-unexpected. Interface document
// › Errors › Headers on every response: Retry-After is sent "Only on 429 and 503". Which
// statuses those are is read from the catalogue's HTTP status table (retried after
// Retry-After), not typed here.
import { createRulesetFunction, type IFunctionResult } from "@stoplight/spectral-core";
import { readConventions, type Conventions } from "../conventions.js";
import { capitalise, describeResponse, findHeader, operationsOf, responsesOf, result } from "../openapi.js";
import { requireResponseHeader } from "../response-headers.js";

/** Statuses that the HTTP status table says are retried after Retry-After (429 and 503). */
function statusesWithRetryAfter(conventions: Conventions): number[] {
  return conventions.statuses.filter((entry) => entry.retry === "after_retry_after").map((entry) => entry.status);
}

interface RetryAfterOptions {
  /** "required": the statuses that wait for Retry-After declare it; "unexpected": no other status does. */
  check: "required" | "unexpected";
}

/**
 * The Spectral function of signing-platform-retry-after and -unexpected: with `check: "required"`, 429 and 503 responses declare Retry-After; with `check: "unexpected"`, no other response does (Errors › Headers on every response). Give it `$.paths` of an OpenAPI 3 document.
 * @example
 * ```ts
 * import { retryAfter } from "@signing-platform/rules/functions";
 *
 * export default { rules: { "my-retry-after": { given: "$.paths", severity: "error", then: { function: retryAfter, functionOptions: { check: "required" } } } } };
 * ```
 */
export const retryAfter = createRulesetFunction<unknown, RetryAfterOptions>(
  {
    input: null,
    options: {
      type: "object",
      properties: { check: { enum: ["required", "unexpected"] } },
      required: ["check"],
      additionalProperties: false,
    },
  },
  (paths, { check }, context) => {
    const conventions = readConventions(context.document.data);
    const header = conventions.headers.retry_after;
    const statuses = statusesWithRetryAfter(conventions).map(String);
    const listed = statuses.join(" and ");
    const results: IFunctionResult[] = [];
    for (const entry of operationsOf(paths)) {
      for (const { status, response, at } of responsesOf(entry)) {
        const where = describeResponse(entry, status);
        if (statuses.includes(status)) {
          if (check === "required")
            results.push(...requireResponseHeader(response, at, where, header, `${status} tells the client how long to wait`));
          continue;
        }
        const found = findHeader(response.headers, header);
        if (check === "unexpected" && found) {
          results.push(result(`${capitalise(where)} declares ${header}, which is sent only on ${listed}.`, [...at, "headers", found.key]));
        }
      }
    }
    return results;
  },
);
