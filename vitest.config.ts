import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "rules/test/**/*.test.ts", "packages/*/test/**/*.test.ts"],
    // Most test files wait on child processes, sockets and servers rather than compute: three
    // workers on the 2-core machines this runs on take the suite from about 570 s to 330 s.
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
