// How each page shape asks for the page after one it got, one entry per style: the query
// parameter to send again with a new value, a URL to follow, or nothing at the last page.
// paginate.ts walks the pages with this table, the same way for every API.
import type { BodyPath, PageShape } from "@signing-platform/contract";

/** What the iterator knows of a page it got. */
export interface PageSeen {
  /** The response body. */
  body: unknown;
  /** Its items (already read from the shape's items path). */
  items: unknown[];
  /** The response's `Link` header, if it has one. */
  link: string | null;
  /** The query parameters the page was asked for with. */
  query: Readonly<Record<string, unknown>>;
}

/** The request of the next page: a query parameter with a new value, or a URL the API gave. */
export type NextPage =
  | {
      /** The query parameter sent again with a new value. */
      parameter: string;
      /** Its value for the next page. */
      value: string | number;
    }
  | {
      /** The URL the API gave for the next page. */
      url: string;
    };

/** The next page, `null` after the last one, or a sentence saying what in the page is not as its shape says. */
type NextOf<Shape extends PageShape> = (shape: Shape, page: PageSeen) => NextPage | null | string;

/** The value at `path` of a body; undefined where there is none. */
export function valueAt(body: unknown, path: BodyPath): unknown {
  let value = body;
  for (const name of path) value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[name] : undefined;
  return value;
}

/** The URL of a `Link` header's `rel="next"` (RFC 8288: a rel holds space-separated relation types). */
export function nextLinkOf(link: string | null): string | null {
  for (const [, url, params] of (link ?? "").matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+)*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params ?? "");
    if (rel && (rel[1] ?? rel[2] ?? "").toLowerCase().split(/\s+/).includes("next")) return url!;
  }
  return null;
}

/** A token or link that ends the list when null, absent or empty; otherwise a string. */
function continuation(value: unknown, path: BodyPath): string | null | { problem: string } {
  if (value === null || value === undefined || value === "") return null;
  return typeof value === "string" ? value : { problem: `A page's "${path.join(".")}" is neither a string nor null.` };
}

const count = (value: unknown): number | undefined =>
  typeof value === "number" ? value : typeof value === "string" && value !== "" ? Number(value) : undefined;

const NEXT: { [Style in PageShape["style"]]: NextOf<Extract<PageShape, { style: Style }>> } = {
  cursor: (shape, page) => {
    const token = continuation(valueAt(page.body, shape.next_cursor), shape.next_cursor);
    return typeof token === "object" && token !== null
      ? token.problem
      : token === null
        ? null
        : { parameter: shape.cursor_parameter, value: token };
  },
  after_last_item: (shape, page) => {
    if (valueAt(page.body, shape.has_more) !== true) return null;
    const id = valueAt(page.items.at(-1), [shape.item_id]);
    return typeof id === "string" || typeof id === "number"
      ? { parameter: shape.cursor_parameter, value: id }
      : `A page says there are more items, but its last item has no "${shape.item_id}".`;
  },
  link_header: (_shape, page) => {
    const url = nextLinkOf(page.link);
    return url === null || url === "" ? null : { url };
  },
  next_link: (shape, page) => {
    const url = continuation(valueAt(page.body, shape.next_link), shape.next_link);
    return typeof url === "object" && url !== null ? url.problem : url === null ? null : { url };
  },
  offset: (shape, page) => {
    const limit = count(page.query[shape.limit_parameter]);
    if (page.items.length === 0 || (limit !== undefined && page.items.length < limit)) return null;
    const offset = (count(page.query[shape.offset_parameter]) ?? 0) + page.items.length;
    const total = shape.total ? count(valueAt(page.body, shape.total)) : undefined;
    return total !== undefined && offset >= total ? null : { parameter: shape.offset_parameter, value: offset };
  },
  page_number: (shape, page) => {
    const size = count(page.query[shape.size_parameter]);
    if (page.items.length === 0 || (size !== undefined && page.items.length < size)) return null;
    return { parameter: shape.page_parameter, value: (count(page.query[shape.page_parameter]) ?? shape.first_page) + 1 };
  },
};

/** The request of the page after `page`, `null` after the last, or what in the page is not as `shape` says. */
export function nextPage(shape: PageShape, page: PageSeen): NextPage | null | string {
  return (NEXT[shape.style] as NextOf<PageShape>)(shape, page);
}
