// @ts-check
// mypy --strict as the Python tests run it. A cold run spends about 5 s analysing the standard
// library's stubs before it reads the package; a run with a warm cache, about 0.5 s, so the
// corpus (two runs for each of its documents) and the files that check more than one package
// keep one cache. A cache belongs to one test worker: mypy's cache is not safe for processes
// that run at once (a reader can see another's half-written entry), a worker runs one test
// file at a time, and every call here is synchronous. Under vitest each file is a new process
// in one of the run's worker slots (VITEST_POOL_ID), so the cache is the slot's, and the files
// that slot runs after the first find it warm; elsewhere it is the process's own. mypy compares
// each source's hash with its entry, so a package regenerated in the same folder is checked
// anew. A test run is stopped without an exit event, so each process removes the caches of runs
// that have ended when it starts.
import { readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const PREFIX = "signing-platform-mypy-cache-";
const slot = process.env.VITEST_POOL_ID;
// The process whose life the cache lasts: the test run (each worker's parent), or this one.
const owner = slot ? process.ppid : process.pid;
const cache = join(tmpdir(), `${PREFIX}${owner}-${slot ?? "own"}`);

/** Whether a process of that id is running (signal 0 only asks). */
function isRunning(/** @type {number} */ pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

for (const name of readdirSync(tmpdir())) {
  if (name.startsWith(PREFIX) && !isRunning(Number.parseInt(name.slice(PREFIX.length), 10)))
    rmSync(join(tmpdir(), name), { recursive: true, force: true });
}

/** The arguments after the interpreter, before the targets: `python3 ...MYPY_STRICT -p pkg`. */
export const MYPY_STRICT = ["-m", "mypy", "--strict", "--cache-dir", cache];
