// The `signing-platform` the integrations' steps run: the installed package, as a CI job has it
// after `npm install`, its bin folder first on the PATH and no workspace bin folder after it;
// and the PATH without it, for the step that installs the CLI when it is not there.
import { afterAll, beforeAll } from "vitest";
import { installedPackages } from "../../support/installed-packages.js";

export async function installedCli(): Promise<{ binDir: string; path: string; pathWithout: string }> {
  const { binDir } = await installedPackages();
  const rest = (process.env.PATH ?? "").split(":").filter((dir) => dir && !dir.includes("node_modules"));
  return { binDir, path: [binDir, ...rest].join(":"), pathWithout: rest.join(":") };
}

/** The installed CLI for a test file's jobs, made once before its tests: read `current()` inside a test. */
export function useInstalledCli(): { current: () => Awaited<ReturnType<typeof installedCli>> } {
  let cli: Awaited<ReturnType<typeof installedCli>> | undefined;
  beforeAll(async () => {
    cli = await installedCli();
  }, 600_000);
  return {
    current: () => {
      if (!cli) throw new Error("the installed CLI is read before the file's set-up ran");
      return cli;
    },
  };
}

/**
 * Clean-ups the tests register (scratch repositories, loopback APIs), run in reverse order once
 * the file's tests are done: they may run concurrently, so when one ends others still use theirs.
 */
export function useCleanups(): (...cleanups: Array<() => unknown>) => void {
  const cleanups: Array<() => unknown> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return (...more) => cleanups.push(...more);
}
