// RateLimit-Remaining is the requests remaining in the window (Errors › Headers on every
// response): each request spends one, so three reads of one endpoint in a row, in one window
// (the same RateLimit-Reset), give a remaining lower each time, and never above
// RateLimit-Limit. A counter read before the request is counted, or a limit and a remaining
// of different windows, mislead a client that paces itself by them.
import type { ActiveCheck } from "../check.js";
import { pass, skip, verdict } from "../outcome.js";
import { describeExchange, type Exchange } from "../exchange.js";
import { firstPlainRead, paginatedOperations } from "./operations.js";

const READS = 3;

export const rateLimitRemaining: ActiveCheck = {
  kind: "active",
  id: "rate-limit-remaining",
  area: "headers",
  clause: "Errors › Headers on every response",
  title: "RateLimit-Remaining goes down with each request in a window, and is never above RateLimit-Limit.",
  async run({ contract, target }) {
    const { rateLimitLimit, rateLimitRemaining, rateLimitReset } = contract.headers;
    if (!rateLimitLimit || !rateLimitRemaining) return pass("the document names no rate-limit headers");
    const operation = firstPlainRead(contract, paginatedOperations(contract));
    target.reserve(READS);
    const reads: Exchange[] = [];
    for (let read = 0; read < READS; read++) {
      reads.push(await target.send({ method: "GET", path: operation.path, operation: { path: operation.path, method: "get" } }));
    }
    const numberOf = (exchange: Exchange, name: string | undefined) => {
      const value = name === undefined ? undefined : exchange.response.headers[name.toLowerCase()];
      return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
    };
    // A value that is missing or not a whole number is rate-limit-headers' finding.
    if (reads.some((exchange) => numberOf(exchange, rateLimitLimit) === undefined || numberOf(exchange, rateLimitRemaining) === undefined))
      return skip(`not every answer of ${operation.path} has a whole-number ${rateLimitLimit} and ${rateLimitRemaining}`);
    const failures: string[] = [];
    reads.forEach((exchange, index) => {
      const limit = numberOf(exchange, rateLimitLimit)!;
      const remaining = numberOf(exchange, rateLimitRemaining)!;
      if (remaining > limit) {
        failures.push(
          `${describeExchange(exchange)}: ${rateLimitRemaining}: ${remaining} is above ${rateLimitLimit}: ${limit}, the quota it counts down from`,
        );
        return;
      }
      const before = reads[index - 1];
      if (!before) return;
      const previous = numberOf(before, rateLimitRemaining)!;
      const sameWindow =
        rateLimitReset === undefined ||
        before.response.headers[rateLimitReset.toLowerCase()] === exchange.response.headers[rateLimitReset.toLowerCase()];
      if (sameWindow && previous > 0 && remaining >= previous)
        failures.push(
          `${describeExchange(exchange)}: ${rateLimitRemaining}: ${remaining} after ${previous} on the request before, in the same window: expected it to go down with each request`,
        );
    });
    return verdict(failures);
  },
};
