// What each test file costs the machine, recorded when TEST_CPU_RECORD names a file
// (`npm run test:cpu`): the suite is CPU-bound on two cores, so a file's wall time in a full
// run says more about its neighbours than about itself, while its CPU time does not.
// Loaded by vitest.config.ts as a setup file; it adds one afterAll per file and nothing else.
// Setup files run again for every test file, also where files share a worker.
import { appendFileSync } from "node:fs";
import { relative } from "node:path";
import { afterAll, expect } from "vitest";
import { enterOwnCgroup } from "./cpu-cgroup.js";
import { processCpuSeconds } from "./process-cpu.js";

const WORKER_CGROUP = Symbol.for("signing-platform.test-cpu.worker-cgroup");

/**
 * The CPU seconds of this worker and every process it started, orphans included, from its own
 * cgroup (test/support/cpu-cgroup.ts); made once per worker, which runs file after file.
 */
function workerCpuSeconds(): (() => number) | undefined {
  const store = globalThis as { [WORKER_CGROUP]?: (() => number) | undefined };
  if (!(WORKER_CGROUP in store)) store[WORKER_CGROUP] = enterOwnCgroup(process.ppid)?.cpuSeconds;
  return store[WORKER_CGROUP];
}

const record = process.env.TEST_CPU_RECORD;
if (record) {
  const tree = workerCpuSeconds();
  // From here, before the test file is imported: importing what it tests is part of its cost.
  const start = processCpuSeconds();
  const treeStart = tree?.();
  const startedAt = performance.now();
  // Registered first, so it runs after every afterAll of the file itself (vitest runs them as a
  // stack): the servers and processes those hooks stop are reaped and counted here.
  afterAll(() => {
    const end = processCpuSeconds();
    const line = {
      file: relative(process.cwd(), expect.getState().testPath ?? "unknown"),
      wallSeconds: (performance.now() - startedAt) / 1000,
      ownCpuSeconds: end.own - start.own,
      // Every process the file started, where the worker has a cgroup; else the children it reaped.
      childCpuSeconds:
        tree && treeStart !== undefined ? Math.max(0, tree() - treeStart - (end.own - start.own)) : end.children - start.children,
      orphansCounted: tree !== undefined,
    };
    appendFileSync(record, `${JSON.stringify(line)}\n`);
  });
}
