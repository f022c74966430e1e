// What every answer of the exploration is held to: the conventions the fixed checks judge a
// run by, asked of that one exchange (each passive check: Request-Id, the rate-limit headers,
// the error body, the content type, the response's schema, the ETag of a created resource …),
// the catalogue's status for the error's code (Errors › Error codes), and no server error for
// a request the client may send (Errors › HTTP statuses: 500 is an unexpected error).
import { PASSIVE_CHECKS } from "../checks/passive.js";
import type { Contract } from "../contract.js";
import { describeExchange, errorCodeOf, type Exchange } from "../exchange.js";

/** What the answer breaks, one phrase per convention, each naming the check that holds it; empty when it keeps them all. */
export function conventionProblems(exchange: Exchange, contract: Contract): string[] {
  const problems: string[] = [];
  const prefix = `${describeExchange(exchange)}: `;
  for (const check of PASSIVE_CHECKS) {
    const outcome = check.judge([exchange], contract);
    if (outcome.status !== "fail") continue;
    for (const failure of outcome.failures) {
      problems.push(`${failure.startsWith(prefix) ? failure.slice(prefix.length) : failure} (${check.id})`);
    }
  }
  const { response } = exchange;
  const code = errorCodeOf(response);
  const status = code ? contract.errorCodes?.[code]?.status : undefined;
  if (response.status >= 400 && typeof status === "number" && status !== response.status) {
    problems.push(`the catalogue gives ${code} the status ${status} (error-code-status)`);
  }
  // 503 asks the client to come back later (with Retry-After, which retry-after holds it to).
  if (response.status >= 500 && response.status !== 503) problems.push("a server error, for a request a client may send");
  return problems;
}
