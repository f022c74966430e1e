// The rate limit (Errors › Headers on every response; Errors › HTTP statuses): past the quota
// the answer is 429 rate_limited with Retry-After. It spends the organization's quota, so it
// runs only when asked for (--burst, or --only rate-limited).
import type { ActiveCheck } from "../check.js";
import { skip, verdict } from "../outcome.js";
import type { Exchange } from "../exchange.js";
import { errorMismatch, expected } from "./findings.js";
import { paginatedOperations, some } from "./operations.js";

export const rateLimited: ActiveCheck = {
  kind: "active",
  id: "rate-limited",
  area: "rate limits",
  clause: "Errors › HTTP statuses",
  title: "Past the quota, the answer is 429 rate_limited with Retry-After.",
  optIn: true,
  async run({ contract, target }) {
    const operation = some(
      paginatedOperations(contract).concat(contract.operations.filter((candidate) => candidate.method === "get")),
      "read operation",
    )[0]!;
    const remainingHeader = contract.headers.rateLimitRemaining?.toLowerCase();
    const send = () =>
      target.send({ method: "GET", path: operation.path, keep429: true, operation: { path: operation.path, method: "get" } });
    const first = await send();
    const remaining = Number(remainingHeader ? first.response.headers[remainingHeader] : Number.NaN);
    if (!Number.isInteger(remaining)) return skip("the first answer states no remaining quota to spend");
    target.reserve(remaining + 1);
    let last: Exchange = first;
    for (let sent = 0; sent <= remaining && last.response.status !== 429; sent++) last = await send();
    const failures: string[] = [];
    if (last.response.status !== 429) failures.push(expected(last, `429 after ${remaining + 1} requests`));
    else {
      if (!last.response.headers[contract.headers.retryAfter.toLowerCase()])
        failures.push(expected(last, `${contract.headers.retryAfter} on the 429`));
      const code = errorMismatch(last, 429, contract.errorCodes?.rate_limited ? "rate_limited" : undefined, "past the quota");
      if (code) failures.push(code);
    }
    return verdict(failures);
  },
};
