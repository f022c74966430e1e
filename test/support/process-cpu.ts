// This process's CPU time and its reaped children's, from /proc (Linux only).
import { readFileSync } from "node:fs";

/** Seconds of CPU this process and its reaped children have used. */
export function processCpuSeconds(): { own: number; children: number } {
  // Fields after the command's closing parenthesis: utime, stime, cutime, cstime are 14-17.
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = (index: number) => Number(fields[index - 3]);
  // Linux reports in USER_HZ, 100 on every architecture Node supports.
  return { own: (ticks(14) + ticks(15)) / 100, children: (ticks(16) + ticks(17)) / 100 };
}
