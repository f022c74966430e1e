// The package's own OpenAPI document: dist/openapi.yaml, copied there from generated/ by the
// build, so it is found the same way in the repository and in an installed package.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { UnusableInputError } from "@signing-platform/contract/input";

export function defaultDocument(): string {
  // Found from the package root, wherever the bundler put this module.
  const root = dirname(createRequire(import.meta.url).resolve("@signing-platform/cli/package.json"));
  const path = join(root, "dist", "openapi.yaml");
  if (!existsSync(path)) throw new UnusableInputError(`${path}: the package's own OpenAPI document is missing: run \`npm run build\`.`);
  return path;
}
