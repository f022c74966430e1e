// signing-platform-retry-after and signing-platform-retry-after-unexpected. Interface document
// › Errors › Headers on every response: Retry-After is sent "Only on 429 and 503". Which
// statuses those are is read from the catalogue's HTTP status table (retried after
// Retry-After), not typed here.
import { createRulesetFunction, type IFunctionResult } from "@stoplight/spectral-core";
import { readConventions, statusesWithRetryAfter } from "../conventions.js";
import { capitalise, describeResponse, findHeader, operationsOf, responsesOf, result } from "../openapi.js";
import { requireResponseHeader } from "../response-headers.js";

interface RetryAfterOptions {
  /** "required": the statuses that wait for Retry-After declare it; "unexpected": no other status does. */
  check: "required" | "unexpected";
}

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
