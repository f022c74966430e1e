// The published package: what `npm pack` puts in the tarball holds its declarations beside the
// code (publint and @arethetypeswrong/cli: test/registry/published-packages.test.ts).
import { expect, it } from "vitest";
import { describePackedPackage } from "../../types/test/support/pack.js";

describePackedPackage("conformance", (files) => {
  it("ships the engine and its declarations, and no tests", () => {
    expect(files()).toEqual(expect.arrayContaining(["package/dist/index.js", "package/dist/index.d.ts", "package/README.md"]));
    expect(files().some((file) => file.includes("/test/"))).toBe(false);
  });
});
