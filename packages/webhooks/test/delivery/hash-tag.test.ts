// Keys made from a prefix share a Redis Cluster slot only when the prefix carries a hash tag.
import { describe, expect, it } from "vitest";
import { hashTagged, hasHashTag } from "../../src/delivery/hash-tag.js";

const cases: [string, { given: string; want: string }][] = [
  ["a plain prefix becomes the tag", { given: "signing-platform:webhook-delivery:", want: "{signing-platform:webhook-delivery:}" }],
  ["a prefix with a tag is kept", { given: "{tenant-7}:delivery:", want: "{tenant-7}:delivery:" }],
  ["an empty tag is no tag", { given: "{}:delivery:", want: "{{}:delivery:}" }],
  ["a lone brace is no tag", { given: "delivery{:", want: "{delivery{:}" }],
  ["a closing brace before the opening one is no tag", { given: "a}b{", want: "{a}b{}" }],
];

describe("hashTagged", () => {
  it.each(cases)("%s", (_name, { given, want }) => {
    expect(hashTagged(given)).toBe(want);
    expect(hasHashTag(hashTagged(given))).toBe(true);
  });
});
