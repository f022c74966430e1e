// x-signing-platform-page-shape is written by hand in any document, so every value of it gets
// a sentence: the shapes of each style pass, and each way of getting one wrong is named.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EXTENSIONS, PAGE_SHAPE_FIELDS, pageShapeProblem, readOperationExtensions } from "../src/index.js";

describe("pageShapeProblem", () => {
  it.each([
    [false],
    [{ style: "cursor", items: ["items"], cursor_parameter: "page_token", next_cursor: ["next_page_token"] }],
    [{ style: "after_last_item", items: ["data"], cursor_parameter: "starting_after", has_more: ["has_more"], item_id: "id" }],
    [{ style: "link_header", items: [] }],
    [{ style: "next_link", items: ["value"], next_link: ["@odata.nextLink"] }],
    [{ style: "offset", items: ["items"], offset_parameter: "offset", limit_parameter: "limit" }],
    [{ style: "offset", items: ["items"], offset_parameter: "offset", limit_parameter: "limit", total: ["total"] }],
    [{ style: "page_number", items: [], page_parameter: "page", size_parameter: "per_page", first_page: 1 }],
  ])("accepts %j", (value) => {
    expect(pageShapeProblem(value)).toBeUndefined();
  });

  it.each([
    [true, "It is false or an object whose style is one of cursor, after_last_item, link_header, next_link, offset, page_number."],
    [
      { style: "token" },
      "It is false or an object whose style is one of cursor, after_last_item, link_header, next_link, offset, page_number.",
    ],
    [{ style: "next_link", items: ["data"] }, "next_link needs next_link, a list of property names."],
    [{ style: "next_link", items: "data", next_link: ["next"] }, "next_link needs items, a list of property names."],
    [{ style: "link_header", items: [], next: ["next"] }, "link_header takes no next; it takes items."],
    [{ style: "cursor", items: [], cursor_parameter: "", next_cursor: ["n"] }, "cursor needs cursor_parameter, a name."],
    [
      { style: "page_number", items: [], page_parameter: "p", size_parameter: "s", first_page: 0.5 },
      "page_number needs first_page, an integer.",
    ],
  ])("names what is wrong with %j", (value, problem) => {
    expect(pageShapeProblem(value)).toBe(problem);
  });

  it("names every style's fields", () => {
    expect(Object.keys(PAGE_SHAPE_FIELDS)).toEqual(["cursor", "after_last_item", "link_header", "next_link", "offset", "page_number"]);
  });

  it("gives a sentence or nothing for any value, and never throws", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const problem = pageShapeProblem(value);
        expect(problem === undefined || problem.endsWith(".")).toBe(true);
      }),
    );
  });
});

describe("readOperationExtensions, for the page shape", () => {
  it("keeps false and objects, and drops any other value", () => {
    expect(readOperationExtensions({ [EXTENSIONS.pageShape]: false }).pageShape).toBe(false);
    expect(readOperationExtensions({ [EXTENSIONS.pageShape]: { style: "link_header", items: [] } }).pageShape).toEqual({
      style: "link_header",
      items: [],
    });
    expect(readOperationExtensions({ [EXTENSIONS.pageShape]: "link_header" }).pageShape).toBeUndefined();
  });
});
