// JSON pointers in both forms: written as RFC 6901 has them, read back to the same tokens
// whatever the tokens hold, and a string that is no pointer refused with the typed error.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  appendPointer,
  decodePointer,
  encodePointer,
  encodeUriFragment,
  JsonPointerError,
  resolvePointer,
} from "../../src/openapi/json-pointer.js";

// Any string, lone surrogates included: a token may hold `~`, `/`, `%` and anything else.
const tokens = fc.array(fc.string({ unit: "binary" }), { maxLength: 6 });

describe("encodePointer and encodeUriFragment", () => {
  it.each<[string, { given: (string | number)[]; want: string; wantFragment: string }]>([
    ["the root", { given: [], want: "", wantFragment: "#" }],
    [
      "a path",
      {
        given: ["paths", "/certificates/{id}", "get"],
        want: "/paths/~1certificates~1{id}/get",
        wantFragment: "#/paths/~1certificates~1{id}/get",
      },
    ],
    ["a tilde", { given: ["a~b"], want: "/a~0b", wantFragment: "#/a~0b" }],
    ["an index", { given: ["parameters", 0], want: "/parameters/0", wantFragment: "#/parameters/0" }],
    ["an empty token", { given: [""], want: "/", wantFragment: "#/" }],
    ["a percent sign, encoded in a fragment only", { given: ["100%"], want: "/100%", wantFragment: "#/100%25" }],
  ])("%s", (_name, { given, want, wantFragment }) => {
    expect(encodePointer(given)).toBe(want);
    expect(encodeUriFragment(given)).toBe(wantFragment);
  });
});

describe("decodePointer", () => {
  it.each<[string, { given: string; want: string[] }]>([
    ["the root", { given: "", want: [] }],
    ["the root as a fragment", { given: "#", want: [] }],
    ["an empty token", { given: "/", want: [""] }],
    ["escapes, `~1` before `~0`", { given: "/a~1b/c~0d/~01", want: ["a/b", "c~d", "~1"] }],
    ["a fragment, percent-decoded", { given: "#/paths/~1certificates~1%7Bid%7D/get", want: ["paths", "/certificates/{id}", "get"] }],
    ["the string form, not percent-decoded", { given: "/c%25d", want: ["c%25d"] }],
    ["RFC 6901's `#/c%25d`", { given: "#/c%25d", want: ["c%d"] }],
    ["UTF-8 in a fragment", { given: "#/caf%C3%A9", want: ["café"] }],
    ["a percent run that is not UTF-8, kept as written", { given: "#/a%FFb/%zz", want: ["a%FFb", "%zz"] }],
  ])("%s", (_name, { given, want }) => {
    expect(decodePointer(given)).toEqual(want);
  });

  it.each(["paths", "#paths", "a/b", "#components"])("refuses %j, which is no pointer", (given) => {
    expect(() => decodePointer(given)).toThrow(JsonPointerError);
    expect(() => decodePointer(given)).toThrow(`"${given}" is not a JSON pointer`);
  });

  it("reads back the tokens of any pointer it writes, in either form", () => {
    fc.assert(
      fc.property(tokens, (given) => {
        expect(decodePointer(encodePointer(given))).toEqual(given);
        expect(decodePointer(encodeUriFragment(given))).toEqual(given);
      }),
    );
  });

  it("gives tokens or the typed error for any string, never another throw", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (given) => {
        try {
          expect(Array.isArray(decodePointer(given))).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(JsonPointerError);
        }
      }),
    );
  });
});

describe("appendPointer", () => {
  it.each<[string, { given: [string, ...(string | number)[]]; want: string }]>([
    ["under a fragment", { given: ["#/paths/~1a", "get", "responses", 200], want: "#/paths/~1a/get/responses/200" }],
    ["under a string pointer", { given: ["/sources", "/paths/~1a"], want: "/sources/~1paths~1~01a" }],
    ["a percent sign under a fragment", { given: ["#", "50%"], want: "#/50%25" }],
    ["nothing", { given: ["#/a"], want: "#/a" }],
  ])("%s", (_name, { given: [pointer, ...rest], want }) => {
    expect(appendPointer(pointer, ...rest)).toBe(want);
  });

  it("appends the tokens a pointer of either form reads back", () => {
    fc.assert(
      fc.property(tokens, tokens, fc.boolean(), (head, tail, fragment) => {
        const pointer = fragment ? encodeUriFragment(head) : encodePointer(head);
        expect(decodePointer(appendPointer(pointer, ...tail))).toEqual([...head, ...tail]);
      }),
    );
  });
});

describe("resolvePointer", () => {
  const document = { paths: { "/certificates": { get: { tags: ["certificates"] } } }, "a~b": { "c/d": 1 }, empty: null };

  it.each<[string, { given: string; want: unknown }]>([
    ["the root", { given: "#", want: document }],
    ["a value", { given: "#/paths/~1certificates/get/tags/0", want: "certificates" }],
    ["a value, string form", { given: "/a~0b/c~1d", want: 1 }],
    ["null, which is a value", { given: "/empty", want: null }],
    ["a missing key", { given: "#/paths/~1enrollments", want: undefined }],
    ["an index past the end", { given: "#/paths/~1certificates/get/tags/1", want: undefined }],
    ["an index that is not one", { given: "#/paths/~1certificates/get/tags/01", want: undefined }],
    ["an array's own `length`", { given: "#/paths/~1certificates/get/tags/length", want: undefined }],
    ["an object's prototype", { given: "#/paths/constructor", want: undefined }],
    ["through a string", { given: "#/paths/~1certificates/get/tags/0/0", want: undefined }],
    ["a string that is no pointer", { given: "paths", want: undefined }],
  ])("%s", (_name, { given, want }) => {
    expect(resolvePointer(document, given)).toEqual(want);
  });

  it("finds the value any written pointer leads to", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary" }), { minLength: 1, maxLength: 5 }), (path) => {
        // Objects without a prototype, so that a token such as `__proto__` is a key like any other.
        const object = () => Object.create(null) as Record<string, unknown>;
        const root = object();
        let node = root;
        for (const token of path.slice(0, -1)) node = (node[token] = object()) as Record<string, unknown>;
        node[path.at(-1)!] = "here";
        expect(resolvePointer(root, encodeUriFragment(path))).toBe("here");
        expect(resolvePointer(root, encodePointer(path))).toBe("here");
      }),
    );
  });
});
