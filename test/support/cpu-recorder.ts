// What each test file costs the machine, recorded when TEST_CPU_RECORD names a file
// (`npm run test:cpu`): the suite is CPU-bound on two cores, so a file's wall time in a full
// run says more about its neighbours than about itself, while its CPU time does not.
// Loaded by vitest.config.ts as a setup file; it adds one afterAll per file and nothing else.
// Setup files run again for every test file, also where files share a worker.
import { appendFileSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { afterAll, expect } from "vitest";

/** Seconds of CPU this process and its reaped children have used, from /proc (Linux only). */
function cpuSeconds(): { own: number; children: number } {
  // Fields after the command's closing parenthesis: utime, stime, cutime, cstime are 14-17.
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = (index: number) => Number(fields[index - 3]);
  // Linux reports in USER_HZ, 100 on every architecture Node supports.
  return { own: (ticks(14) + ticks(15)) / 100, children: (ticks(16) + ticks(17)) / 100 };
}

const record = process.env.TEST_CPU_RECORD;
if (record) {
  // From here, before the test file is imported: importing what it tests is part of its cost.
  const start = cpuSeconds();
  const startedAt = performance.now();
  // Registered first, so it runs after every afterAll of the file itself (vitest runs them as a
  // stack): the servers and processes those hooks stop are reaped and counted here.
  afterAll(() => {
    const end = cpuSeconds();
    const line = {
      file: relative(process.cwd(), expect.getState().testPath ?? "unknown"),
      wallSeconds: (performance.now() - startedAt) / 1000,
      ownCpuSeconds: end.own - start.own,
      childCpuSeconds: end.children - start.children,
    };
    appendFileSync(record, `${JSON.stringify(line)}\n`);
  });
}
