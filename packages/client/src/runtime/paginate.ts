// Iteration over the pages of a list operation, in whatever shape its API pages
// (pages/next-page.ts): the platform's cursor (Limits › Pagination rules;
// docs/decisions.md#cursor-pagination) is sent exactly as received, never built by the client,
// as is any token or link an API gives. The platform's page size is checked against the
// operation's bounds (its x-signing-platform-pagination extension) before anything is sent.
import type { PageShape, PaginationExtension } from "@signing-platform/contract";
import type { CallOutcome } from "./call-types.js";
import { InvalidResponseError, RequestValidationError } from "./errors/error-families.js";
import { type NextPage, nextPage, valueAt } from "./pages/next-page.js";

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

/** What in a page is not as its operation's page shape says: the list cannot go on. */
function invalidPage(result: CallOutcome, message: string): InvalidResponseError {
  return new InvalidResponseError({
    code: "invalid_response",
    status: result.response?.status,
    requestId: result.meta.requestId,
    retryable: false,
    message,
  });
}

const sameRequest = (a: NextPage, b: NextPage) =>
  "url" in a ? "url" in b && a.url === b.url : "parameter" in b && a.parameter === b.parameter && String(a.value) === String(b.value);

/**
 * The items of every page, each next page asked for as `shape` says (pages/next-page.ts):
 * `fetchPage(undefined)` is the first page, `fetchPage(next)` each one after it. `query` is what
 * the first page was asked for with. A page that names itself as the next one ends the list with
 * an InvalidResponseError rather than asking for it again forever.
 */
export function createPageIterator<Item>(
  fetchPage: (next: NextPage | undefined) => Promise<CallOutcome>,
  shape: PageShape,
  query: Readonly<Record<string, unknown>> = {},
): PageIterator<Item> {
  async function* items(): AsyncGenerator<Item> {
    let next: NextPage | undefined;
    let sent = query;
    for (;;) {
      const result = await fetchPage(next);
      if (result.error) throw result.error;
      const pageItems = valueAt(result.data, shape.items);
      if (!Array.isArray(pageItems))
        throw invalidPage(result, shape.items.length === 0 ? "A page is not an array." : `A page has no "${shape.items.join(".")}" array.`);
      yield* pageItems as Item[];
      const following = nextPage(shape, { body: result.data, items: pageItems, link: result.response.headers.get("link"), query: sent });
      if (following === null) return;
      if (typeof following === "string") throw invalidPage(result, following);
      if (next !== undefined && sameRequest(next, following))
        throw invalidPage(result, "A page names itself as the next page: the list would never end.");
      next = following;
      sent = "url" in next ? {} : { ...sent, [next.parameter]: next.value };
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
