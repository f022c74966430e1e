// signing-platform-status-table. Interface document › Errors › HTTP statuses: the statuses the
// platform answers, each with how a client retries it (docs/decisions.md#client-retries);
// clients, SDKs and their retry policies know those and no others. So every response status
// an operation under `paths` declares is in the catalogue's status table. A range (`4XX`) and
// `default` are catch-alls: they name no status, they give the body of statuses not listed
// beside them. `default` is accepted; a range is accepted when the table has a status in it,
// and reported when it has none (no status of the table is `1XX`). The responses of
// `webhooks` are the receiver's answers, not the platform's, and are not judged.
import { createRulesetFunction, type IFunctionResult } from "@stoplight/spectral-core";
import { readConventions } from "../conventions.js";
import { describeOperation, inWords, operationsOf, responsesOf, result, statusKeyCovers } from "../openapi.js";

/** A range of statuses as OpenAPI writes it: `4XX`. */
const RANGE = /^[1-5]XX$/i;

/**
 * The Spectral function of signing-platform-status-table: every response status of an operation is in the catalogue's status table (Errors › HTTP statuses). Give it `$.paths` of an OpenAPI 3 document.
 * @example
 * ```ts
 * import { statusTable } from "@signing-platform/rules/functions";
 *
 * export default { rules: { "my-status-table": { given: "$.paths", severity: "error", then: { function: statusTable } } } };
 * ```
 */
export const statusTable = createRulesetFunction<unknown, null>({ input: null, options: null }, (paths, _options, context) => {
  const statuses = readConventions(context.document.data)
    .statuses.map((entry) => entry.status)
    .sort((a, b) => a - b);
  const table = `the table has ${inWords(statuses.map(String))}`;
  const results: IFunctionResult[] = [];
  for (const entry of operationsOf(paths)) {
    const name = describeOperation(entry);
    for (const { status, at } of responsesOf(entry)) {
      if (status === "default") continue;
      if (RANGE.test(status)) {
        if (!statuses.some((listed) => statusKeyCovers(status, listed)))
          results.push(result(`${name} declares the range ${status}, which covers no status of the status table: ${table}.`, at));
      } else if (!statuses.some((listed) => String(listed) === status)) {
        results.push(result(`${name} declares status ${status}, which is not in the status table: ${table}.`, at));
      }
    }
  }
  return results;
});
