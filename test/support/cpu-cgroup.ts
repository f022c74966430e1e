// A cgroup of its own for a test worker, so that `npm run test:cpu` counts every process a test
// file started, also those that outlive their parent. The browser's zygote and renderers are
// reparented to init when the browser exits, so the worker never reaps them and the children's
// time in /proc/self/stat leaves them out: packages/sandbox/test/browser/reference.test.ts read
// 32 CPU-s that way, where process accounting counted about 100, 85 of them the browser's. A
// cgroup keeps a process however it is reparented. Linux only, where this process may create a
// cgroup (root, or a delegated hierarchy): cgroup v1's cpuacct, or cgroup v2. Elsewhere there is
// none, and the recorder counts the children the worker reaped, as it says.
import { mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const PREFIX = "signing-platform-test-cpu-";

interface Hierarchy {
  /** The folder of this process's cgroup in the hierarchy. */
  folder: string;
  /** Seconds of CPU used by the processes of the cgroup `folder` names, from its own file. */
  cpuSeconds: (folder: string) => number;
}

/** The folder of this process's cgroup in each mounted hierarchy that counts CPU time: cpuacct (v1) first, then v2. */
function hierarchies(): Hierarchy[] {
  // /proc/self/cgroup: "2:cpuacct:/path" (v1), "0::/path" (v2).
  const paths = readFileSync("/proc/self/cgroup", "utf8")
    .trim()
    .split("\n")
    .map((line) => {
      const [id = "", controllers = "", path = "/"] = line.split(/:(.*?):/);
      return { v2: id === "0" && controllers === "", controllers: controllers.split(","), path };
    });
  const found: Hierarchy[] = [];
  // /proc/self/mountinfo: "<id> <parent> <dev> <root> <mount point> <options> … - <type> <source> <super options>".
  for (const line of readFileSync("/proc/self/mountinfo", "utf8").trim().split("\n")) {
    const [mount = "", filesystem = ""] = line.split(" - ");
    const [, , , root = "/", point = ""] = mount.split(" ");
    const [type, , options = ""] = filesystem.split(" ");
    const inside = (path: string) => join(point, path.startsWith(root) ? path.slice(root.length) : path);
    if (type === "cgroup" && options.split(",").includes("cpuacct")) {
      const path = paths.find((entry) => entry.controllers.includes("cpuacct"))?.path ?? "/";
      found.unshift({ folder: inside(path), cpuSeconds: (folder) => Number(readFileSync(join(folder, "cpuacct.usage"), "utf8")) / 1e9 });
    } else if (type === "cgroup2") {
      const path = paths.find((entry) => entry.v2)?.path ?? "/";
      found.push({
        folder: inside(path),
        cpuSeconds: (folder) => Number(/^usage_usec (\d+)$/m.exec(readFileSync(join(folder, "cpu.stat"), "utf8"))?.[1]) / 1e6,
      });
    }
  }
  return found;
}

/** Whether a process of that id is running (signal 0 only asks). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface OwnCgroup {
  /** The CPU seconds its processes have used: this one and everything it started since it entered. */
  cpuSeconds: () => number;
  /** Moves this process back to the cgroup it was in, and removes this one once it is empty. */
  leave: () => void;
}

/**
 * Moves this process into a new cgroup, named for the test run (`runPid`) and this worker, whose
 * CPU time counts this process and everything it starts from now on. Empty cgroups of runs that
 * have ended are removed first (a cgroup can be removed only once its processes are gone, after
 * the run). Undefined where no cgroup can be made.
 */
export function enterOwnCgroup(runPid: number): OwnCgroup | undefined {
  let hierarchiesFound: Hierarchy[];
  try {
    hierarchiesFound = hierarchies();
  } catch {
    return undefined; // not Linux
  }
  for (const { folder: parent, cpuSeconds } of hierarchiesFound) {
    try {
      for (const name of readdirSync(parent)) {
        if (!name.startsWith(PREFIX) || isRunning(Number.parseInt(name.slice(PREFIX.length), 10))) continue;
        try {
          rmdirSync(join(parent, name));
        } catch {
          // still holds a process: a later run removes it
        }
      }
      const folder = join(parent, `${PREFIX}${runPid}-${process.pid}`);
      mkdirSync(folder);
      try {
        writeFileSync(join(folder, "cgroup.procs"), String(process.pid));
        if (!Number.isFinite(cpuSeconds(folder))) throw new Error(`${folder} does not count CPU time`);
      } catch (error) {
        rmdirSync(folder);
        throw error;
      }
      return {
        cpuSeconds: () => cpuSeconds(folder),
        leave() {
          writeFileSync(join(parent, "cgroup.procs"), String(process.pid));
          try {
            rmdirSync(folder);
          } catch {
            // a process it started still runs there: a later run removes it
          }
        },
      };
    } catch {
      // not allowed here, or this hierarchy does not count: the next one
    }
  }
  return undefined;
}
