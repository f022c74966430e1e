// Interface document › Versioning: "The signing-request path carries the segment /v1".
import { describe, expect, it } from "vitest";
import { broken, findingsOf, lint, renameKey, type BreakCase } from "./support/lint.js";

const expected = findingsOf("signing-platform-signing-request-path-v1");

describe("signing-platform-signing-request-path-v1", () => {
  it.each<BreakCase>([
    [
      "a signing-request path without /v1",
      (document) => renameKey(document.paths, "/v1/signing-requests/{id}", "/signing-requests/{id}"),
      [expected("The signing-request path /signing-requests/{id} must carry the /v1 segment.", ["paths", "/signing-requests/{id}"])],
    ],
    [
      "a signing-request path under /v2",
      (document) => renameKey(document.paths, "/v1/signing-requests/{id}", "/v2/signing-requests/{id}"),
      [expected("The signing-request path /v2/signing-requests/{id} must carry the /v1 segment.", ["paths", "/v2/signing-requests/{id}"])],
    ],
  ])("flags %s", async (_name, breakIt, want) => {
    expect(await lint(broken(breakIt))).toEqual(want);
  });

  it("accepts /v1 at the end of every server URL", async () => {
    const document = broken((document) => {
      renameKey(document.paths, "/v1/signing-requests/{id}", "/signing-requests/{id}");
      document.servers = [{ url: "https://api.example.com/v1" }];
    });
    expect(await lint(document)).toEqual([]);
  });
});
