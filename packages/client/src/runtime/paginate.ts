// Cursor pagination (Limits › Pagination rules; docs/decisions.md#cursor-pagination): the cursor of a page is sent,
// exactly as received, to get the next; never built by the client. Iteration stops when the
// cursor is null. The page size is checked against the operation's bounds (its
// x-signing-platform-pagination extension) before anything is sent.
import type { CallOutcome } from "./call-types.js";
import { InvalidResponseError, RequestValidationError } from "./errors/error-families.js";
import type { PaginationExtension } from "@signing-platform/contract";

/** The items of every page of a list operation: iterate it with `for await`, or collect them with `toArray`. */
export interface PageIterator<Item> extends AsyncIterable<Item> {
  /** Every item, page by page; with `max`, stops (and fetches no further page) once it has that many. */
  toArray(options?: { max?: number }): Promise<Item[]>;
}

/** Refuses a page size the operation does not accept (docs/decisions.md#cursor-pagination: outside 1–100 is 400). */
export function checkPageSize(limit: number | undefined, pagination: PaginationExtension): void {
  if (limit === undefined) return;
  if (!Number.isInteger(limit) || limit < pagination.limit_minimum || limit > pagination.limit_maximum) {
    throw new RequestValidationError({
      message: `${pagination.limit_parameter} must be an integer from ${pagination.limit_minimum} to ${pagination.limit_maximum}; got ${limit}.`,
      details: [
        {
          field: pagination.limit_parameter,
          code: "out_of_range",
          message: `Allowed: ${pagination.limit_minimum} to ${pagination.limit_maximum}.`,
        },
      ],
    });
  }
}

export function createPageIterator<Item>(
  fetchPage: (cursor: string | undefined) => Promise<CallOutcome>,
  pagination: PaginationExtension,
): PageIterator<Item> {
  async function* items(): AsyncGenerator<Item> {
    let cursor: string | undefined;
    for (;;) {
      const result = await fetchPage(cursor);
      if (result.error) throw result.error;
      const page = result.data as Record<string, unknown> | undefined;
      const pageItems = page?.[pagination.items_field];
      const next = page?.[pagination.next_cursor_field];
      if (!Array.isArray(pageItems) || (next !== null && typeof next !== "string")) {
        throw new InvalidResponseError({
          code: "invalid_response",
          status: result.response.status,
          requestId: result.meta.requestId,
          retryable: false,
          message: `A page has no "${pagination.items_field}" array or no string-or-null "${pagination.next_cursor_field}".`,
        });
      }
      yield* pageItems as Item[];
      if (next === null) return;
      cursor = next;
    }
  }

  return {
    [Symbol.asyncIterator]: items,
    async toArray(options = {}) {
      const { max = Number.POSITIVE_INFINITY } = options;
      if (!(max >= 0)) throw new RequestValidationError({ message: `max must be 0 or more; got ${max}.` });
      const collected: Item[] = [];
      if (max === 0) return collected;
      for await (const item of items()) {
        collected.push(item);
        if (collected.length >= max) break;
      }
      return collected;
    },
  };
}
