// @ts-check
// The `build` script of @signing-platform/generator: tsc → dist/, then the runtime every
// generated SDK carries is copied beside it (dist/runtime-source/), so the published
// generator holds it: the client runtime of packages/client/src/runtime/ and the webhook
// verifier's files that src/runtime-files.ts lists.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const packageDir = fileURLToPath(new URL("../", import.meta.url));
const packages = join(packageDir, "..");
const dist = join(packageDir, "dist");
rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const compiled = spawnSync(process.execPath, [tsc, "-p", join(packageDir, "tsconfig.json")], { stdio: "inherit" });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

const { WEBHOOK_RUNTIME_FILES } = await import(pathToFileURL(join(dist, "runtime-files.js")).href);
const target = join(dist, "runtime-source");
cpSync(join(packages, "client", "src", "runtime"), join(target, "client"), { recursive: true });
for (const file of WEBHOOK_RUNTIME_FILES) {
  mkdirSync(dirname(join(target, "webhooks", file)), { recursive: true });
  cpSync(join(packages, "webhooks", "src", file), join(target, "webhooks", file));
}
