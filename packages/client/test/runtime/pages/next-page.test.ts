// The next page of each page shape, from pages as the APIs send them; and, since every page
// comes from the network, fast-check: any body and any Link header give a next page, the end,
// or a sentence, never a throw.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PageShape } from "@signing-platform/contract";
import { nextLinkOf, nextPage, type PageSeen } from "../../../src/runtime/pages/next-page.js";

const page = (body: unknown, items: unknown[], query: Record<string, unknown> = {}, link: string | null = null): PageSeen => ({
  body,
  items,
  link,
  query,
});

const stripe: PageShape = {
  style: "after_last_item",
  items: ["data"],
  cursor_parameter: "starting_after",
  has_more: ["has_more"],
  item_id: "id",
};
const token: PageShape = { style: "cursor", items: ["items"], cursor_parameter: "page_token", next_cursor: ["next_page_token"] };
const twilio: PageShape = { style: "next_link", items: ["calls"], next_link: ["next_page_uri"] };
const odata: PageShape = { style: "next_link", items: ["value"], next_link: ["@odata.nextLink"] };
const offset: PageShape = { style: "offset", items: ["items"], offset_parameter: "offset", limit_parameter: "limit", total: ["total"] };
const numbered: PageShape = { style: "page_number", items: [], page_parameter: "page", size_parameter: "per_page", first_page: 1 };

describe("nextPage", () => {
  it.each([
    [
      "Stripe, more after the last id",
      stripe,
      page({ has_more: true }, [{ id: "cus_1" }, { id: "cus_2" }]),
      { parameter: "starting_after", value: "cus_2" },
    ],
    ["Stripe, no more", stripe, page({ has_more: false }, [{ id: "cus_1" }]), null],
    ["Stripe, more but no id", stripe, page({ has_more: true }, []), 'A page says there are more items, but its last item has no "id".'],
    ["a token", token, page({ next_page_token: "t2" }, [1]), { parameter: "page_token", value: "t2" }],
    ["an empty token", token, page({ next_page_token: "" }, [1]), null],
    ["no token", token, page({}, [1]), null],
    ["a token of the wrong kind", token, page({ next_page_token: 7 }, [1]), 'A page\'s "next_page_token" is neither a string nor null.'],
    [
      "Twilio's next_page_uri",
      twilio,
      page({ next_page_uri: "/2010-04-01/Calls.json?Page=1" }, [1]),
      { url: "/2010-04-01/Calls.json?Page=1" },
    ],
    ["Twilio's last page", twilio, page({ next_page_uri: null }, [1]), null],
    [
      "OData's next link, a name with a dot",
      odata,
      page({ "@odata.nextLink": "https://h/x?$skip=2" }, [1]),
      { url: "https://h/x?$skip=2" },
    ],
    [
      "GitHub's Link header",
      { style: "link_header", items: [] },
      page(
        [1],
        [1],
        {},
        '<https://api.github.com/orgs/o/repos?page=2>; rel="next", <https://api.github.com/orgs/o/repos?page=5>; rel="last"',
      ),
      { url: "https://api.github.com/orgs/o/repos?page=2" },
    ],
    [
      "GitHub's last page",
      { style: "link_header", items: [] },
      page([1], [1], {}, '<https://api.github.com/orgs/o/repos?page=1>; rel="first"'),
      null,
    ],
    ["offset, a full page", offset, page({ total: 10 }, [1, 2], { offset: 4, limit: 2 }), { parameter: "offset", value: 6 }],
    ["offset, a short page", offset, page({ total: 10 }, [1], { offset: 4, limit: 2 }), null],
    ["offset, at the total", offset, page({ total: 6 }, [1, 2], { offset: 4, limit: 2 }), null],
    ["offset, no limit asked for", offset, page({}, [1, 2, 3]), { parameter: "offset", value: 3 }],
    ["offset, an empty page", offset, page({}, []), null],
    ["page numbers, from the first", numbered, page([1, 2], [1, 2], { per_page: 2 }), { parameter: "page", value: 2 }],
    ["page numbers, a short page", numbered, page([1], [1], { page: 3, per_page: 2 }), null],
  ])("%s", (_name, shape, seen, expected) => {
    expect(nextPage(shape as PageShape, seen)).toEqual(expected);
  });

  it("gives a next page, the end or a sentence for any body and Link header", () => {
    const shapes = [stripe, token, twilio, odata, offset, numbered, { style: "link_header", items: [] } as PageShape];
    fc.assert(
      fc.property(
        fc.constantFrom(...shapes),
        fc.jsonValue(),
        fc.array(fc.jsonValue()),
        fc.option(fc.string()),
        (shape, body, items, link) => {
          const next = nextPage(shape, page(body, items, {}, link));
          expect(next === null || typeof next === "string" || typeof next === "object").toBe(true);
        },
      ),
    );
  });
});

describe("nextLinkOf", () => {
  it.each([
    ['<https://h/a?page=2>; rel="next"', "https://h/a?page=2"],
    ['<https://h/a?page=1>; rel="prev", <https://h/a?page=3>; rel=next', "https://h/a?page=3"],
    ['<https://h/a?page=3>; title="x"; rel="last next"', "https://h/a?page=3"],
    ['<https://h/a?page=3>; rel="nextish"', null],
    ["", null],
    [null, null],
  ])("%s", (header, url) => {
    expect(nextLinkOf(header)).toBe(url);
  });

  it("gives a URL or null for any header", () => {
    fc.assert(
      fc.property(fc.string(), (header) => {
        const url = nextLinkOf(header);
        if (url !== null) expect(header).toContain(`<${url}>`);
      }),
    );
  });
});
