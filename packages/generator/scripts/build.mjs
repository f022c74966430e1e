// The `build` script of @signing-platform/generator: tsc → dist/. It imports
// @signing-platform/client (built just before it: npm runs workspace builds in folder order).
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { join } from "node:path";

const packageDir = fileURLToPath(new URL("../", import.meta.url));
rmSync(join(packageDir, "dist"), { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const compiled = spawnSync(process.execPath, [tsc, "-p", join(packageDir, "tsconfig.json")], { stdio: "inherit" });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);
