// src/json-path.ts: the `field` convention (JSONPath, RFC 9535 member and index selectors).
import { describe, expect, it } from "vitest";
import { jsonPath } from "../src/json-path.js";

describe("jsonPath", () => {
  it.each([
    ["the value itself", { pointer: "", root: {}, child: undefined }, "$"],
    ["a member", { pointer: "/data/object/id", root: {}, child: undefined }, "$.data.object.id"],
    ["a missing member named as the child", { pointer: "/data/object", root: {}, child: "client_secret" }, "$.data.object.client_secret"],
    [
      "an array element",
      { pointer: "/documents/0/content_url", root: { documents: [{}] }, child: undefined },
      "$.documents[0].content_url",
    ],
    ["a member named 0 of an object", { pointer: "/0", root: { 0: "x" }, child: undefined }, "$['0']"],
    ["a member with a space", { pointer: "/a b", root: {}, child: undefined }, "$['a b']"],
    ["a member with a quote and a backslash", { pointer: "/it's\\", root: {}, child: undefined }, "$['it\\'s\\\\']"],
    ["JSON Pointer escapes", { pointer: "/a~1b/c~0d", root: {}, child: undefined }, "$['a/b']['c~d']"],
    ["a control character", { pointer: "/a\nb", root: {}, child: undefined }, "$['a\\u000ab']"],
    ["an element of an array in an array", { pointer: "/0/1", root: [[1, 2]], child: undefined }, "$[0][1]"],
    ["a numeric name past a missing value", { pointer: "/missing/0", root: {}, child: undefined }, "$.missing['0']"],
  ])("%s", (_name, { pointer, root, child }, want) => {
    expect(jsonPath(pointer, root, child)).toBe(want);
  });
});
