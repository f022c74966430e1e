import { defineConfig } from "vitest/config";
import { filesOfLayer, TEST_LAYERS } from "./scripts/test-layers.mjs";
import { workspaceSourceAliases } from "./scripts/workspace-sources.mjs";

// Limits per layer, so that load never reads as a failure. The e2e layer's tests install
// packages, start browsers and type-check whole SDKs: beside builds of other clones its slowest
// took 60-130 s (the mypy and pip runs of the Python SDK tests, publint and attw on every
// package), so they get three times that. The integration layer's slowest (every SDK sample of
// the reference compiled, oasdiff's suite through the bin) passed 60 s under the same load.
const LAYER_TIMEOUTS: Record<string, { testTimeout?: number; hookTimeout?: number }> = {
  integration: { testTimeout: 120_000 },
  e2e: { testTimeout: 400_000, hookTimeout: 600_000 },
};

// Three projects, one per layer of scripts/test-layers.mjs: `npm test` runs them all,
// `npm run test:unit` (no process, network or system tool) is the inner loop.
export default defineConfig({
  // Workspace packages from their sources: a change to a package's src/ is tested without a build.
  resolve: { alias: workspaceSourceAliases() },
  test: {
    // Most test files wait on child processes, sockets and servers rather than compute: three
    // workers on the 2-core machines this runs on take the suite from about 570 s to 330 s.
    maxWorkers: 3,
    // Each worker keeps its module cache from one file to the next (isolate: false): the files of
    // a layer import the same packages, and importing them again for each file was most of what
    // isolation cost. `npm run test:unit` took 62 s isolated and 23 s not (median of three); the
    // integration layer 541 CPU-s and 461, the e2e layer 783 and 662 (one run each, idle).
    // docs/contributing.md#test-layers says what a test must leave as it found.
    isolate: false,
    // Records each file's CPU time when TEST_CPU_RECORD is set (`npm run test:cpu`); idle otherwise.
    setupFiles: ["test/support/cpu-recorder.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: TEST_LAYERS.map((layer) => ({
      extends: true,
      test: { name: layer, include: filesOfLayer(layer), ...LAYER_TIMEOUTS[layer] },
    })),
  },
});
