// A page of a list carries `next`, the URL of the following page, while one follows, and null
// on the last (Endpoints: items, cursor, next; docs/decisions.md: cursor pagination). A client
// that follows `next` stops early when it is null on a page that has a following one. The
// following page is read with the cursor, and `next` must carry that same cursor. Two small
// pages are read, then pages of the largest limit, so that a long list is read to its end.
import type { ActiveCheck } from "../check.js";
import { verdict } from "../outcome.js";
import { describeExchange, isSuccess } from "../exchange.js";
import { list, pageOf, pageQuery } from "./pagination.js";
import { listOperations } from "./operations.js";

const PAGES = 4;

export const nextLink: ActiveCheck = {
  kind: "active",
  id: "next-link",
  area: "pagination",
  clause: "Endpoints",
  title: "A page with a following page has next, its URL with the same cursor; the last page has next null.",
  async run(context) {
    const failures: string[] = [];
    for (const operation of listOperations(context.contract)) {
      const { cursor_parameter, limit_minimum, limit_maximum, next_url_field } = operation.extensions.pagination!;
      let cursor: string | undefined;
      for (let read = 0; read < PAGES && context.target.remaining > 1; read++) {
        // Small pages first, so that a short list has following pages; then the largest, to reach the last.
        const limit = read < 2 ? Math.max(limit_minimum, 2) : limit_maximum;
        const exchange = await list(context, operation, pageQuery(operation, limit, cursor));
        if (!isSuccess(exchange.response.status)) break;
        const page = pageOf(exchange, operation);
        const next = (exchange.response.json as Record<string, unknown> | undefined)?.[next_url_field];
        if (page.cursor === null || page.cursor === undefined) {
          if (next !== null && next !== undefined)
            failures.push(
              `${describeExchange(exchange)}: ${next_url_field} is ${JSON.stringify(next)} on the last page (no cursor): expected null`,
            );
          break;
        }
        cursor = String(page.cursor);
        if (typeof next !== "string") {
          const following = await list(context, operation, pageQuery(operation, limit, cursor));
          const more = pageOf(following, operation).items.length;
          failures.push(
            `${describeExchange(exchange)}: ${next_url_field} is ${JSON.stringify(next ?? null)}, but the page has a cursor and the following page (${describeExchange(following)}) has ${more} records: expected the URL of the following page`,
          );
          break;
        }
        let carried: string | null = null;
        try {
          carried = new URL(next).searchParams.get(cursor_parameter);
        } catch {
          failures.push(`${describeExchange(exchange)}: ${next_url_field} ${JSON.stringify(next)} is not an absolute URL`);
          break;
        }
        if (carried !== cursor) {
          failures.push(`${describeExchange(exchange)}: ${next_url_field} carries ${cursor_parameter}=${carried}, not the page's cursor`);
          break;
        }
      }
    }
    return verdict(failures);
  },
};
