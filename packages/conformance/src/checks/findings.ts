// Failures as a report shows them: one line each, the request and what came back, and no more
// than a handful per check (the rest counted), so one systematic fault does not bury the rest.
import { describeExchange, type Exchange } from "../exchange.js";

const SHOWN = 5;

/** One line per item `problem` finds something wrong with (`name: problem`), at most five, then a count. */
export function findingsAmong<T>(items: Iterable<T>, name: (item: T) => string, problem: (item: T) => string | null): string[] {
  const found: string[] = [];
  let more = 0;
  for (const item of items) {
    const what = problem(item);
    if (what === null) continue;
    if (found.length < SHOWN) found.push(`${name(item)}: ${what}`);
    else more++;
  }
  if (more > 0) found.push(`… and ${more} more`);
  return found;
}

/** The findings among the exchanges of a run, each named by its request and answer. */
export const findingsOver = (exchanges: readonly Exchange[], problem: (exchange: Exchange) => string | null): string[] =>
  findingsAmong(exchanges, describeExchange, problem);

/** A finding about one exchange: what was expected, and what came back. */
export function expected(exchange: Exchange, what: string): string {
  return `${describeExchange(exchange)}: expected ${what}`;
}
