// @ts-check
// CPU time, user + system, from Linux's /proc: a running process's so far, and what this
// process's ended children spent. Each is null where /proc is not available.
import { readFileSync } from "node:fs";

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** The fields of /proc/<pid>/stat after the command name, which is in parentheses and may contain spaces. @param {string} pid */
const statFields = (pid) => /** @type {string} */ (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]).split(" ");

/**
 * @param {string} pid a process id, or `self`
 * @param {number} user the index (after the command name) of the user time; system time follows it
 */
function seconds(pid, user) {
  try {
    const fields = statFields(pid);
    return (Number(fields[user]) + Number(fields[user + 1])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The CPU seconds of a running process so far. @param {number | undefined} pid */
export const cpuSeconds = (pid) => seconds(String(pid), 11);

/** The CPU seconds of this process's children that have ended and been waited for. */
export const endedChildrenCpuSeconds = () => seconds("self", 13);
