// What the comment APIs answer is network input: a page of comments, the `Link` header, the
// body of a refusal. Table cases for the shapes GitHub and GitLab send, and properties: any
// answer gives the comments or a CommentApiError, never a crash, and a next page is never on
// another host.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commentsOf, nextPageUrl, refusalOf } from "../../src/comment/answers.js";
import { CommentApiError } from "../../src/comment/thread.js";

const origin = "https://api.github.com";

/** Runs `read`, and gives what it returned or the CommentApiError it threw; anything else fails the property. */
function outcome<T>(read: () => T): T | CommentApiError {
  try {
    return read();
  } catch (error) {
    if (error instanceof CommentApiError) return error;
    throw error;
  }
}

describe("nextPageUrl", () => {
  it.each<[string, { given: string | null; want: string | undefined }]>([
    [
      "GitHub's header, next first",
      {
        given:
          '<https://api.github.com/repositories/1/issues/7/comments?per_page=100&page=2>; rel="next", <https://api.github.com/repositories/1/issues/7/comments?per_page=100&page=4>; rel="last"',
        want: "https://api.github.com/repositories/1/issues/7/comments?per_page=100&page=2",
      },
    ],
    [
      "GitLab's header, next among prev, first and last",
      {
        given:
          '<https://api.github.com/x?page=1>; rel="prev", <https://api.github.com/x?page=3>; rel="next", <https://api.github.com/x?page=1>; rel="first"',
        want: "https://api.github.com/x?page=3",
      },
    ],
    [
      "the last page",
      { given: '<https://api.github.com/x?page=1>; rel="first", <https://api.github.com/x?page=1>; rel="prev"', want: undefined },
    ],
    ["no header", { given: null, want: undefined }],
    ["an unquoted rel", { given: "<https://api.github.com/x?page=2>; rel=next", want: "https://api.github.com/x?page=2" }],
    ["rel with two values", { given: '<https://api.github.com/x?page=2>; rel="next last"', want: "https://api.github.com/x?page=2" }],
    ["a relative target", { given: '</x?page=2>; rel="next"', want: "https://api.github.com/x?page=2" }],
    ["a comma in the URL", { given: '<https://api.github.com/x?a=1,2&page=2>; rel="next"', want: "https://api.github.com/x?a=1,2&page=2" }],
    ["a parameter that only looks like rel", { given: '<https://api.github.com/x?page=2>; title="rel=next"', want: undefined }],
  ])("%s", (_name, { given, want }) => {
    expect(nextPageUrl(given, origin)).toBe(want);
  });

  it("refuses a next page on another host, or on another port or scheme of this one", () => {
    for (const target of ["https://evil.example/x", "http://api.github.com/x", "https://api.github.com:444/x", "//evil.example/x"])
      expect(() => nextPageUrl(`<${target}>; rel="next"`, origin)).toThrow(CommentApiError);
  });

  it("property: any header gives undefined, a URL on the API's origin, or a CommentApiError", () => {
    const linkish = fc.oneof(
      fc.string(),
      fc
        .tuple(
          fc.oneof(fc.webUrl(), fc.string(), fc.constant("/x?page=2")),
          fc.constantFrom('rel="next"', "rel=next", 'rel="last"', "rel", ""),
        )
        .map(([target, rel]) => `<${target}>; ${rel}`),
    );
    fc.assert(
      fc.property(fc.array(linkish, { maxLength: 4 }), (parts) => {
        const found = outcome(() => nextPageUrl(parts.join(", "), origin));
        if (typeof found === "string") expect(new URL(found).origin).toBe(origin);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("commentsOf", () => {
  it("reads GitHub's comments and GitLab's notes, system notes marked", () => {
    expect(
      commentsOf(
        [
          { id: 1, body: "a", html_url: "https://github.com/o/r/pull/7#issuecomment-1", user: { login: "x" } },
          { id: 2, body: "added 1 commit", system: true },
          { id: 3, body: null },
        ],
        "GET x",
      ),
    ).toEqual([
      { id: 1, body: "a", url: "https://github.com/o/r/pull/7#issuecomment-1", system: false },
      { id: 2, body: "added 1 commit", system: true },
      { id: 3, body: "", system: false },
    ]);
  });

  it.each([
    ["an object", { message: "Not Found" }],
    ["a comment without an id", [{ body: "x" }]],
    ["an id that is text", [{ id: "1", body: "x" }]],
    ["null", null],
  ])("refuses %s", (_name, answer) => {
    expect(() => commentsOf(answer, "GET x")).toThrow(CommentApiError);
  });

  it("property: any JSON gives comments with positive ids and text bodies, or a CommentApiError", () => {
    const comment = fc.record(
      { id: fc.oneof(fc.integer(), fc.double(), fc.string()), body: fc.oneof(fc.string(), fc.constant(null)), system: fc.jsonValue() },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.array(comment)), (answer) => {
        const found = outcome(() => commentsOf(answer, "GET x"));
        if (found instanceof CommentApiError) return;
        for (const item of found) {
          expect(Number.isSafeInteger(item.id) && item.id > 0).toBe(true);
          expect(typeof item.body).toBe("string");
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe("refusalOf", () => {
  it.each<[string, { status: number; text: string; want: string }]>([
    [
      "GitHub's message",
      {
        status: 403,
        text: '{"message":"Resource not accessible by integration","documentation_url":"…"}',
        want: "403 Resource not accessible by integration",
      },
    ],
    ["GitLab's message object", { status: 400, text: '{"message":{"note":["is too long"]}}', want: '400 {"note":["is too long"]}' }],
    ["GitLab's error", { status: 401, text: '{"error":"invalid_token"}', want: "401 invalid_token" }],
    ["a proxy's page, on one line", { status: 502, text: "<html>\n  Bad gateway\n</html>", want: "502 <html> Bad gateway </html>" }],
    ["nothing", { status: 500, text: "", want: "500" }],
    ["a message that ends its sentence, which the caller ends", { status: 404, text: '{"message":"Not Found."}', want: "404 Not Found" }],
  ])("%s", (_name, { status, text, want }) => {
    expect(refusalOf(status, text)).toBe(want);
  });

  it("property: one line, at most 200 characters of the answer, never a crash", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 300, max: 599 }),
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((value) => JSON.stringify({ message: value })),
        ),
        (status, text) => {
          const line = refusalOf(status, text);
          expect(line).not.toMatch(/[\n\r]/);
          expect(line.length).toBeLessThanOrEqual(String(status).length + 1 + 200);
          expect(line.startsWith(String(status))).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
