// JSON read by a JSON parser: the same data as JSON.parse, every node's place where `yaml` puts
// it, and undefined (so `yaml` says what is wrong) for a syntax error or a key twice in an object.
import fc from "fast-check";
import { isMap, isSeq, LineCounter, parseDocument } from "yaml";
import { describe, expect, it } from "vitest";
import { appendPointer } from "../../../src/openapi/json-pointer.js";
import { parseJson } from "../../../src/node/openapi-loader/parse-json.js";

/** Where `yaml`, the strict reader, puts the value at each pointer of `text`: the places parseJson must agree with. */
function placesByYaml(text: string): Map<string, { line: number; column: number }> {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  const places = new Map<string, { line: number; column: number }>();
  const walk = (node: unknown, pointer: string) => {
    const start = (node as { range?: number[] }).range?.[0];
    if (start !== undefined) {
      const { line, col } = lineCounter.linePos(start);
      places.set(pointer, { line, column: col });
    }
    if (isMap(node))
      for (const pair of node.items) walk(pair.value, appendPointer(pointer, String((pair.key as { value: unknown }).value)));
    if (isSeq(node)) node.items.forEach((item, index) => walk(item, appendPointer(pointer, index)));
  };
  walk(document.contents, "#");
  return places;
}

// Any characters in keys and strings: places count UTF-16 units in both readers.
const json = fc.jsonValue({ maxDepth: 4, stringUnit: "binary" });

describe("parseJson", () => {
  it("gives JSON.parse's data, and each node's place as `yaml` gives it, however the text is spaced", () => {
    fc.assert(
      fc.property(json, fc.constantFrom(undefined, 2, "\t"), (value, space) => {
        const text = JSON.stringify(value, null, space);
        const parsed = parseJson(text)!;
        expect(parsed.data).toEqual(JSON.parse(text));
        for (const [pointer, place] of placesByYaml(text)) expect(parsed.locate(pointer), pointer).toEqual(place);
      }),
    );
  });

  it("refuses a syntax error and a key twice in one object, and nothing else", () => {
    expect(parseJson('{"info": {,}}')).toBeUndefined();
    expect(parseJson('{"paths": {"/a": {}, "/a": {}}}')).toBeUndefined();
    expect(parseJson('{"a": {"x": 1}, "b": {"x": 1}}')).toBeDefined();
  });

  it("places nothing where there is nothing, or where a list is indexed by a name", () => {
    const parsed = parseJson('{"tags": ["a", "b"]}')!;
    expect(parsed.locate("#/tags/1")).toEqual({ line: 1, column: 16 });
    expect(parsed.locate("#/tags/2")).toBeUndefined();
    expect(parsed.locate("#/tags/one")).toBeUndefined();
    expect(parsed.locate("#/nope/deeper")).toBeUndefined();
  });
});
