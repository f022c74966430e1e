// Failures as a report shows them: one line each, the request and what came back, and no more
// than a handful per check (the rest counted), so one systematic fault does not bury the rest.
import { describeExchange, errorCodeOf, type Exchange } from "../exchange.js";

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

/**
 * What an answer lacks against the error the contract asks for (`status`, and `code` when the
 * catalogue has it), `why` saying what was sent; null when it is that error. The status that
 * came back is in the line already, so the rest says only what differs.
 */
export function errorMismatch(exchange: Exchange, status: number, code: string | undefined, why: string): string | null {
  const { response } = exchange;
  const wanted = `${status}${code ? ` ${code}` : ""}`;
  if (response.status !== status) return expected(exchange, `${wanted} ${why}`);
  if (!code) return null;
  const actual = errorCodeOf(response);
  if (actual === code) return null;
  if (actual === undefined)
    return `${describeExchange(exchange)}: the status is right ${why}, but the body is not the error body {"error": {"code": "${code}", …}}`;
  return `${describeExchange(exchange)}: the status is right ${why}, but error.code is ${actual} where ${code} is expected`;
}
