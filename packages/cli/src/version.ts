// The version of this package, as `signing-platform --version` prints it: read from its own
// package.json (by the package's own name, which resolves from the source and the bundle
// alike), so it is written once.
import { createRequire } from "node:module";

export function version(): string {
  return (createRequire(import.meta.url)("@signing-platform/cli/package.json") as { version: string }).version;
}
