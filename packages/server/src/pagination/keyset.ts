// Keyset paging (docs/decisions.md#cursor-pagination; Limits › pagination rules): a page is the `limit` records
// strictly after a position (immutable sort key, then id) in ascending order. Because the
// position is a value, not an offset, records written while a client pages neither shift
// the pages it has yet to read (no skip) nor reappear (no repeat).

/** An immutable sort key: a creation time, a sequence number, … */
export type KeysetKey = string | number;

/** Where a page ends: the sort key and id of its last record. */
export interface KeysetPosition {
  /** The record's immutable sort key. */
  readonly key: KeysetKey;
  /** The record's id, which breaks ties between equal keys. */
  readonly id: string;
}

/** The page a client asked for. */
export interface PageRequest {
  /** Records on the page: 1 to 100. */
  readonly limit: number;
  /** Null for the first page. */
  readonly after: KeysetPosition | null;
}

/** The list body of the spec (CertificatePage and its kin). */
export interface Page<Item> {
  /** The records of the page, in order. */
  items: Item[];
  /** Opaque cursor of the next page; null on the last page. */
  cursor: string | null;
  /** Absolute URL of the next page; null on the last page. */
  next: string | null;
}

/** Reads at most `limit` records strictly after `after` (or from the start), ascending by (key, id). */
export type KeysetSource<Item> = (query: { after: KeysetPosition | null; limit: number }) => readonly Item[] | Promise<readonly Item[]>;

/** How a list handler's `paginate` reads a page: the position of a record and the ordered source of records. */
export interface PaginateOptions<Item> {
  /** The position of a record: its immutable sort key and its id. */
  positionOf(item: Item): KeysetPosition;
  /** Reads the records after a position, ascending. */
  source: KeysetSource<Item>;
}

/** Total order of positions: by key (numbers numerically, strings by code unit), then by id. */
export function compareKeysetPositions(a: KeysetPosition, b: KeysetPosition): number {
  if (a.key !== b.key) {
    if (typeof a.key !== typeof b.key) throw new TypeError("Keyset keys of one list must all be numbers or all strings.");
    return a.key < b.key ? -1 : 1;
  }
  return a.id === b.id ? 0 : a.id < b.id ? -1 : 1;
}

/**
 * A KeysetSource over records held in memory, in any order.
 * @example
 * ```ts
 * import { keysetSlice } from "@signing-platform/server";
 *
 * const certificates = [{ id: "cert_1", createdAt: 1 }, { id: "cert_2", createdAt: 2 }];
 * const page = keysetSlice(certificates, (item) => ({ key: item.createdAt, id: item.id }), { after: { key: 1, id: "cert_1" }, limit: 25 });
 * // [{ id: "cert_2", createdAt: 2 }]
 * ```
 */
export function keysetSlice<Item>(
  items: Iterable<Item>,
  positionOf: (item: Item) => KeysetPosition,
  query: { after: KeysetPosition | null; limit: number },
): Item[] {
  const { after, limit } = query;
  const entries = [...items]
    .map((item) => ({ item, position: positionOf(item) }))
    .filter(({ position }) => after === null || compareKeysetPositions(position, after) > 0)
    .sort((x, y) => compareKeysetPositions(x.position, y.position));
  return entries.slice(0, limit).map(({ item }) => item);
}

/**
 * Reads one page: asks the source for one record more than the limit, to know whether a
 * next page exists without a second query. A source that answers out of order, or with a
 * record not after the position, would make pages skip or repeat, so that is an error.
 */
export async function readKeysetPage<Item>(
  request: PageRequest,
  options: PaginateOptions<Item>,
  link: { cursorOf(position: KeysetPosition): string; urlOf(cursor: string): string },
): Promise<Page<Item>> {
  const fetched = await options.source({ after: request.after, limit: request.limit + 1 });
  let previous = request.after;
  for (const item of fetched) {
    const position = options.positionOf(item);
    if (previous && compareKeysetPositions(position, previous) <= 0) {
      throw new Error("The keyset source returned records out of order or not after the requested position.");
    }
    previous = position;
  }
  const items = fetched.slice(0, request.limit);
  const last = items.at(-1);
  if (fetched.length <= request.limit || last === undefined) return { items, cursor: null, next: null };
  const cursor = link.cursorOf(options.positionOf(last));
  return { items, cursor, next: link.urlOf(cursor) };
}
