// An `npm` that installs without a registry, for the step that installs the CLI when the PATH
// has no `signing-platform` of the version asked for: it records its arguments and "installs"
// @signing-platform/cli under --prefix as a link to the installed package's bin, so the steps
// after it run the real command from where npm would have put it.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface FakeNpm {
  /** The folder of the `npm` script, for PATH. */
  dir: string;
  /** Each call's arguments, one line per call. */
  calls(): string[];
}

export function fakeNpm(scratch: string, binDir: string): FakeNpm {
  const dir = join(scratch, "fake-npm");
  const log = join(dir, "calls.log");
  mkdirSync(dir, { recursive: true });
  writeFileSync(log, "");
  writeFileSync(
    join(dir, "npm"),
    `#!/usr/bin/env bash
set -eo pipefail
echo "$*" >> ${JSON.stringify(log)}
prefix=""
while [ $# -gt 0 ]; do
  if [ "$1" = --prefix ]; then prefix="$2"; shift; fi
  shift
done
mkdir -p "$prefix/node_modules/.bin"
ln -sf ${JSON.stringify(join(binDir, "signing-platform"))} "$prefix/node_modules/.bin/signing-platform"
echo "added 1 package"
`,
  );
  chmodSync(join(dir, "npm"), 0o755);
  return { dir, calls: () => readFileSync(log, "utf8").split("\n").filter(Boolean) };
}
