// The worker's own cgroup counts a process that outlives its parent, as a browser's renderers do,
// which the children's time of /proc/self/stat leaves out. Where this user may not create a
// cgroup, there is none, and the test says why it does not run.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { enterOwnCgroup } from "./cpu-cgroup.js";
import { processCpuSeconds } from "./process-cpu.js";

const reapedChildrenSeconds = () => processCpuSeconds().children;

// The worker goes back where it was after this file: `npm run test:cpu` counts its next files in
// the cgroup it made for the worker.
const cgroup = enterOwnCgroup(process.pid);
const folder = mkdtempSync(join(tmpdir(), "cpu-cgroup-"));
afterAll(() => {
  cgroup?.leave();
  rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(!cgroup)("a test worker's own cgroup", () => {
  it("counts the CPU of a process that outlived its parent, which the reaped children's time leaves out", async () => {
    const done = join(folder, "done");
    const [cgroupBefore, reapedBefore] = [cgroup!.cpuSeconds(), reapedChildrenSeconds()];
    // The shell starts a busy node in the background and exits at once: node is reparented.
    const shell = spawnSync(
      "sh",
      [
        "-c",
        `(${JSON.stringify(process.execPath)} -e 'while (process.cpuUsage().user < 800000);' && touch ${JSON.stringify(done)}) & exit 0`,
      ],
      { stdio: "ignore" },
    );
    expect(shell.status).toBe(0);
    for (let waited = 0; !existsSync(done); waited += 50) {
      if (waited > 30_000) throw new Error("the orphaned process did not finish within 30 s");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 100)); // its exit, after the touch
    expect(cgroup!.cpuSeconds() - cgroupBefore).toBeGreaterThan(0.5);
    expect(reapedChildrenSeconds() - reapedBefore).toBeLessThan(0.5);
  });
});

describe.runIf(!cgroup)("without a cgroup of its own", () => {
  it("is where this user may not create one (the recorder then counts reaped children only)", () => {
    expect(enterOwnCgroup(process.pid)).toBeUndefined();
  });
});
