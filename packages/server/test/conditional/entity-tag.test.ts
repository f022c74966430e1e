// Entity tags and If-None-Match (docs/decisions.md#entity-tags; RFC 9110 §8.8.3, §13.1.2).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { entityTagOf, ifNoneMatchMatches, parseIfNoneMatch } from "../../src/conditional/entity-tag.js";

const tag = entityTagOf('{"id":"cert_1"}');

describe("entityTagOf", () => {
  it("is a quoted SHA-256 of the bytes: strong, stable, and different for different bytes", () => {
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(entityTagOf('{"id":"cert_1"}')).toBe(tag);
    expect(entityTagOf(Buffer.from('{"id":"cert_1"}'))).toBe(tag);
    expect(entityTagOf('{"id":"cert_2"}')).not.toBe(tag);
  });
});

describe("parseIfNoneMatch", () => {
  it.each([
    ["*", "*", { any: true }],
    ["one tag", '"a"', { any: false, tags: ['"a"'] }],
    ["a weak tag", 'W/"a"', { any: false, tags: ['"a"'] }],
    ["a list with spaces", ' "a" ,W/"b",  "c"', { any: false, tags: ['"a"', '"b"', '"c"'] }],
    ["a tag with a comma inside", '"a,b", "c"', { any: false, tags: ['"a,b"', '"c"'] }],
    ["an empty tag", '""', { any: false, tags: ['""'] }],
    ["an unquoted tag", "abc", null],
    ["an unterminated tag", '"abc', null],
    ["junk after a tag", '"a"x', null],
    ["a lower-case weak prefix", 'w/"a"', null],
    ["* in a list", '"a", *', null],
    ["nothing", "", null],
    ["a space inside a tag", '"a b"', null],
  ])("reads %s", (_name, value, want) => {
    expect(parseIfNoneMatch(value)).toEqual(want);
  });

  it("never throws, and never matches a tag absent from the header", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (value) => {
        const parsed = parseIfNoneMatch(value);
        expect(ifNoneMatchMatches(value, tag)).toBe(parsed !== null && (parsed.any || parsed.tags.includes(tag)));
        if (parsed?.any === false) expect(value).toContain(parsed.tags[0]!);
      }),
    );
  });
});

describe("ifNoneMatchMatches", () => {
  it.each([
    ["the same tag", tag, true],
    ["the tag, weak", `W/${tag}`, true],
    ["*", "*", true],
    ["the tag in a list", `"old", ${tag}`, true],
    ["another tag", '"other"', false],
    ["no header", undefined, false],
    ["a malformed header that contains the tag", `${tag}junk`, false],
  ])("%s → %s", (_name, header, want) => {
    expect(ifNoneMatchMatches(header, tag)).toBe(want);
  });

  it("matches any list that contains the current tag (property)", () => {
    const opaque = fc.stringMatching(/^"[!#-~]{0,20}"$/);
    fc.assert(
      fc.property(fc.array(opaque, { maxLength: 5 }), fc.nat(5), fc.boolean(), (others, at, weak) => {
        const list = [...others];
        list.splice(Math.min(at, list.length), 0, weak ? `W/${tag}` : tag);
        expect(ifNoneMatchMatches(list.join(", "), tag)).toBe(true);
      }),
    );
  });
});
