// The `signing-platform` the integrations' steps run: the installed package, as a CI job has it
// after `npm install`, its bin folder first on the PATH and no workspace bin folder after it;
// and the PATH without it, for the step that installs the CLI when it is not there.
import { installedPackages } from "../../support/installed-packages.js";

export async function installedCli(): Promise<{ binDir: string; path: string; pathWithout: string }> {
  const { binDir } = await installedPackages();
  const rest = (process.env.PATH ?? "").split(":").filter((dir) => dir && !dir.includes("node_modules"));
  return { binDir, path: [binDir, ...rest].join(":"), pathWithout: rest.join(":") };
}
