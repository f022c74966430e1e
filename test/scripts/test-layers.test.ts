// The layers of the suite (scripts/test-layers.mjs): every test file in exactly one of the
// vitest projects, each file where what it touches puts it, through the support files it
// imports too, and the unit layer free of every marker.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { filesOfLayer, LAYER_MARKERS, TEST_LAYERS, testFiles, testLayers } from "../../scripts/test-layers.mjs";
import config from "../../vitest.config.js";
import { repositoryRoot } from "../support/installed-packages.js";

const layers = testLayers();

describe("the test layers", () => {
  it("hold every test file, each in one layer, and vitest runs each layer as a project", () => {
    const all = testFiles();
    expect(all.length).toBeGreaterThan(200);
    const byLayer = TEST_LAYERS.map((layer) => filesOfLayer(layer));
    expect(byLayer.flat().sort()).toEqual(all);
    const projects = (config.test?.projects ?? []) as Array<{ test: { name: string; include: string[] } }>;
    expect(projects.map((project) => [project.test.name, project.test.include])).toEqual(
      TEST_LAYERS.map((layer, index) => [layer, byLayer[index]]),
    );
  });

  it.each([
    ["packages/contract/test/fallback-code.test.ts", "unit"],
    ["packages/server/test/document/document-app.test.ts", "integration"],
    // Its own text names nothing; the support file it imports runs the CLI as a process.
    ["packages/cli/test/diff/formats.test.ts", "integration"],
    ["packages/server/test/idempotency/redis-store.test.ts", "integration"],
    ["test/spec/conventions-library.test.ts", "integration"],
    ["packages/sandbox/test/browser/console.test.ts", "e2e"],
    ["test/registry/implementer-service.test.ts", "e2e"],
    ["packages/generator/test/python-sdk.test.ts", "e2e"],
  ])("puts %s in %s", (file, layer) => {
    expect(layers.get(file)?.layer).toBe(layer);
  });

  it("names why a file is above the unit layer, and the file that said so", () => {
    expect(layers.get("packages/cli/test/diff/formats.test.ts")?.because).toBe("a child process (packages/cli/test/support/cli.ts)");
  });

  it("keeps every marker out of the unit layer's files", () => {
    for (const file of filesOfLayer("unit")) {
      const text = readFileSync(join(repositoryRoot, file), "utf8");
      expect(LAYER_MARKERS.filter((marker) => marker.pattern.test(text)).map((marker) => `${file}: ${marker.what}`)).toEqual([]);
    }
  });
});
