// What a list method of a paginated operation returns: awaited, the first page (the
// response body as the API sends it); iterated with `for await`, every item of every page,
// each next page asked for as the operation's page shape says (paginate.ts).
import type { PageShape } from "@signing-platform/contract";
import { createPageIterator, type PageIterator } from "../paginate.js";
import type { NextPage } from "../pages/next-page.js";
import type { CallOutcome } from "../call-types.js";
import { APIPromise } from "./api-promise.js";

/** What a list method returns: awaited, the first page; iterated with `for await`, every item of every page. */
export class PagePromise<Page, Item> extends APIPromise<Page> implements AsyncIterable<Item> {
  readonly #items: PageIterator<Item>;

  constructor(
    first: Promise<CallOutcome>,
    nextPage: (next: NextPage) => Promise<CallOutcome>,
    shape: PageShape,
    query: () => Readonly<Record<string, unknown>>,
  ) {
    super(first);
    // The first page's query is read once it is sent, when the first page is asked for.
    let items: PageIterator<Item> | undefined;
    const iterator = () => (items ??= createPageIterator<Item>((next) => (next === undefined ? first : nextPage(next)), shape, query()));
    this.#items = { [Symbol.asyncIterator]: () => iterator()[Symbol.asyncIterator](), toArray: (options) => iterator().toArray(options) };
  }

  /** Iterates every item of every page, asking for each next page as the operation's page shape says. */
  [Symbol.asyncIterator](): AsyncIterator<Item> {
    return this.#items[Symbol.asyncIterator]();
  }

  /** Every item, page by page; with `max`, stops (and asks for no further page) once it has that many. */
  toArray(options?: { max?: number }): Promise<Item[]> {
    return this.#items.toArray(options);
  }
}
