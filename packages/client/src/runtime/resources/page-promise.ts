// What a list method of a paginated operation returns: awaited, the first page (the
// response body as the API sends it); iterated with `for await`, every item of every page,
// each next page asked for with the cursor of the one before (paginate.ts).
import { createPageIterator, type PageIterator } from "../paginate.js";
import type { PaginationExtension } from "@signing-platform/contract";
import type { CallOutcome } from "../call-types.js";
import { APIPromise } from "./api-promise.js";

/** What a list method returns: awaited, the first page; iterated with `for await`, every item of every page. */
export class PagePromise<Page, Item> extends APIPromise<Page> implements AsyncIterable<Item> {
  readonly #items: PageIterator<Item>;

  constructor(first: Promise<CallOutcome>, nextPage: (cursor: string) => Promise<CallOutcome>, pagination: PaginationExtension) {
    super(first);
    this.#items = createPageIterator<Item>((cursor) => (cursor === undefined ? first : nextPage(cursor)), pagination);
  }

  /** Iterates every item of every page, asking for each next page with the cursor of the one before. */
  [Symbol.asyncIterator](): AsyncIterator<Item> {
    return this.#items[Symbol.asyncIterator]();
  }

  /** Every item, page by page; with `max`, stops (and asks for no further page) once it has that many. */
  toArray(options?: { max?: number }): Promise<Item[]> {
    return this.#items.toArray(options);
  }
}
