// A route the API does not have is still answered by the API (Errors › Headers on every
// response; Errors › Error body): 404 with the error body, Request-Id and the rate-limit
// headers. A framework's own not-found page (HTML, none of the headers) is what a client
// meets after a typo in a path or a wrong base URL, and it can neither log the request id nor
// read the error. The passive checks leave this answer to this check, so the fault is one
// finding that names everything the answer lacks.
import type { ActiveCheck } from "../check.js";
import { verdict } from "../outcome.js";
import type { Contract } from "../contract.js";
import { describeExchange, errorCodeOf, type Exchange } from "../exchange.js";

/**
 * What an answer lacks of those every answer of the API carries (Errors › Headers on every
 * response; Errors › Error body): the error body, Request-Id, the rate-limit headers.
 */
export function whatTheApiAnswerLacks(contract: Contract, response: Exchange["response"]): string[] {
  const missing: string[] = [];
  if (!errorCodeOf(response)) missing.push('the error body {"error": {"code": …}}');
  const names = [
    contract.headers.requestId[0],
    contract.headers.rateLimitLimit,
    contract.headers.rateLimitRemaining,
    contract.headers.rateLimitReset,
  ];
  for (const name of names) if (name && response.headers[name.toLowerCase()] === undefined) missing.push(name);
  return missing;
}

/** No API has it; the suffix makes it unlike any real path. */
const PATH = "/conformance-no-such-route";

export const unknownRoute: ActiveCheck = {
  kind: "active",
  id: "unknown-route",
  area: "errors",
  clause: "Errors › Headers on every response",
  title: "A route the API does not have is 404 with the error body, Request-Id and the rate-limit headers.",
  async run({ contract, target }) {
    const exchange = await target.send({ method: "GET", path: PATH, operation: null });
    const { response } = exchange;
    const missing: string[] = [];
    if (response.status !== 404) missing.push("the status 404");
    const code = errorCodeOf(response);
    if (code && contract.errorCodes?.not_found && response.status === 404 && code !== "not_found") missing.push("error.code not_found");
    missing.push(...whatTheApiAnswerLacks(contract, response));
    if (missing.length === 0) return verdict([]);
    return verdict([
      `${describeExchange(exchange)}: expected ${missing.join(", ")}; every answer carries them, one to a path the API does not have too`,
    ]);
  },
};
