import { describe, expect, it } from "vitest";
import { fileRefTarget, isRemoteRef } from "../../../src/node/openapi-loader/file-refs.js";

describe("fileRefTarget", () => {
  it.each<[string, { ref: string; want: { path: string; fragment: string } }]>([
    [
      "a local $ref: the file itself",
      { ref: "#/components/schemas/A", want: { path: "/api/openapi.yaml", fragment: "/components/schemas/A" } },
    ],
    ["a file and a pointer into it", { ref: "../schemas/trip.yaml#/Trip", want: { path: "/schemas/trip.yaml", fragment: "/Trip" } }],
    ["a whole file", { ref: "paths/stations.yaml", want: { path: "/api/paths/stations.yaml", fragment: "" } }],
    ["a percent-encoded file name", { ref: "my%20schemas.yaml#/A", want: { path: "/api/my schemas.yaml", fragment: "/A" } }],
    ["a fragment holding a second #", { ref: "a.yaml#/x#y", want: { path: "/api/a.yaml", fragment: "/x#y" } }],
  ])("%s", (_name, { ref, want }) => {
    expect(fileRefTarget(ref, "/api/openapi.yaml")).toEqual(want);
  });
});

describe("isRemoteRef", () => {
  it.each<[string, boolean]>([
    ["https://example.com/openapi.yaml#/A", true],
    ["HTTP://example.com/a.yaml", true],
    ["schemas/a.yaml", false],
    ["#/components/schemas/A", false],
  ])("%s: %s", (ref, want) => {
    expect(isRemoteRef(ref)).toBe(want);
  });
});
