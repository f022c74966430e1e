import { defineConfig } from "vitest/config";
import { filesOfLayer, TEST_LAYERS } from "./scripts/test-layers.mjs";
import { workspaceSourceAliases } from "./scripts/workspace-sources.mjs";

// Three projects, one per layer of scripts/test-layers.mjs: `npm test` runs them all,
// `npm run test:unit` (no process, network or system tool) is the inner loop.
export default defineConfig({
  // Workspace packages from their sources: a change to a package's src/ is tested without a build.
  resolve: { alias: workspaceSourceAliases() },
  test: {
    // Most test files wait on child processes, sockets and servers rather than compute: three
    // workers on the 2-core machines this runs on take the suite from about 570 s to 330 s.
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: TEST_LAYERS.map((layer) => ({ extends: true, test: { name: layer, include: filesOfLayer(layer) } })),
  },
});
