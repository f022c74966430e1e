// Cursor pagination (Endpoints › General rules; docs of the API: cursor pagination): the
// limit's bounds and default as the extension states them, a walk through every page that
// neither repeats nor loops, and a cursor that was altered refused with 400.
import type { ActiveCheck, ActiveContext } from "../check.js";
import { pass, verdict } from "../outcome.js";
import type { Operation } from "../contract.js";
import { describeExchange, isSuccess, type Exchange } from "../exchange.js";
import { expected } from "./findings.js";
import { listOperations } from "./operations.js";

/** Pages a walk reads at most, whatever the budget. */
const MAX_PAGES = 50;

export function list(context: ActiveContext, operation: Operation, query: Record<string, string | number>): Promise<Exchange> {
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  const suffix = search.size > 0 ? `?${search}` : "";
  return context.target.send({ method: "GET", path: `${operation.path}${suffix}`, operation: { path: operation.path, method: "get" } });
}

/** The query of a page of `limit` records, after `cursor` when there is one. */
export function pageQuery(operation: Operation, limit: number, cursor?: unknown): Record<string, string | number> {
  const { limit_parameter, cursor_parameter } = operation.extensions.pagination!;
  return cursor === undefined ? { [limit_parameter]: limit } : { [limit_parameter]: limit, [cursor_parameter]: String(cursor) };
}

/** What tells a record of a page from the others: its id, or the whole record when it has none. */
export const recordKeyOf = (item: unknown): string => JSON.stringify((item as { id?: unknown } | null)?.id ?? item);

export function pageOf(exchange: Exchange, operation: Operation): { items: unknown[]; cursor: unknown } {
  const { items_field, next_cursor_field } = operation.extensions.pagination!;
  const json = (exchange.response.json ?? {}) as Record<string, unknown>;
  const items = json[items_field];
  return { items: Array.isArray(items) ? items : [], cursor: json[next_cursor_field] };
}

export const limitBounds: ActiveCheck = {
  kind: "active",
  id: "limit-bounds",
  area: "pagination",
  clause: "Endpoints › General rules",
  title: "A limit outside its bounds is 400; the maximum is served; no limit gives at most the default.",
  async run(context) {
    const failures: string[] = [];
    for (const operation of listOperations(context.contract)) {
      const { limit_parameter, limit_minimum, limit_maximum, limit_default } = operation.extensions.pagination!;
      context.target.reserve(4);
      for (const limit of [limit_minimum - 1, limit_maximum + 1]) {
        const exchange = await list(context, operation, pageQuery(operation, limit));
        if (exchange.response.status !== 400) failures.push(expected(exchange, `400 for ${limit_parameter}=${limit}`));
      }
      const largest = await list(context, operation, pageQuery(operation, limit_maximum));
      if (!isSuccess(largest.response.status)) failures.push(expected(largest, `a page for ${limit_parameter}=${limit_maximum}`));
      else if (pageOf(largest, operation).items.length > limit_maximum) failures.push(expected(largest, `at most ${limit_maximum} items`));
      const unbounded = await list(context, operation, {});
      if (isSuccess(unbounded.response.status) && pageOf(unbounded, operation).items.length > limit_default) {
        failures.push(expected(unbounded, `at most ${limit_default} items without ${limit_parameter}`));
      }
    }
    return verdict(failures);
  },
};

export const pageWalk: ActiveCheck = {
  kind: "active",
  id: "page-walk",
  area: "pagination",
  clause: "Endpoints › General rules",
  title: "Following the cursor from the first page reaches the last, with no item twice.",
  async run(context) {
    const failures: string[] = [];
    const notes: string[] = [];
    for (const operation of listOperations(context.contract)) {
      const { limit_minimum } = operation.extensions.pagination!;
      // Small pages, so that a short list still spans several.
      const limit = Math.max(limit_minimum, 2);
      const seen = new Map<string, number>();
      const cursors = new Set<string>();
      let repeats = 0;
      let cursor: unknown = undefined;
      let pages = 0;
      for (; pages < MAX_PAGES && context.target.remaining > 0; pages++) {
        const exchange = await list(context, operation, pageQuery(operation, limit, cursor));
        if (!isSuccess(exchange.response.status)) {
          failures.push(expected(exchange, "a page"));
          break;
        }
        const page = pageOf(exchange, operation);
        for (const item of page.items) {
          const id = recordKeyOf(item);
          if (!seen.has(id)) seen.set(id, pages);
          else if (repeats++ < 5) failures.push(`${describeExchange(exchange)}: ${id} again, first on page ${seen.get(id)! + 1}`);
        }
        if (page.items.length > limit) failures.push(expected(exchange, `at most ${limit} items`));
        if (page.cursor === null || page.cursor === undefined) break;
        if (cursors.has(String(page.cursor))) {
          failures.push(`${describeExchange(exchange)}: the same cursor again, so the walk would never end`);
          break;
        }
        cursors.add(String(page.cursor));
        cursor = page.cursor;
      }
      notes.push(`${operation.path}: ${seen.size} items over ${pages + 1} pages`);
      if (pages === MAX_PAGES) notes.push(`stopped after ${MAX_PAGES} pages`);
    }
    return failures.length ? verdict(failures) : pass(notes.join("; "));
  },
};

export const tamperedCursor: ActiveCheck = {
  kind: "active",
  id: "tampered-cursor",
  area: "pagination",
  clause: "Endpoints › General rules",
  title: "A cursor that was altered is 400, never another page.",
  async run(context) {
    const failures: string[] = [];
    for (const operation of listOperations(context.contract)) {
      const { cursor_parameter, limit_minimum } = operation.extensions.pagination!;
      const first = await list(context, operation, pageQuery(operation, Math.max(limit_minimum, 1)));
      const real = pageOf(first, operation).cursor;
      // With one page there is no cursor to alter: one made up is as foreign to the server.
      const cursor = typeof real === "string" && real.length > 1 ? alter(real) : "Y29uZm9ybWFuY2U";
      const exchange = await list(context, operation, { [cursor_parameter]: cursor });
      if (exchange.response.status !== 400) failures.push(expected(exchange, "400 for an altered cursor"));
    }
    return verdict(failures);
  },
};

/** The cursor with one character in its middle changed to another of the same alphabet. */
function alter(cursor: string): string {
  const at = Math.floor(cursor.length / 2);
  const replacement = cursor[at] === "A" ? "B" : "A";
  return `${cursor.slice(0, at)}${replacement}${cursor.slice(at + 1)}`;
}
