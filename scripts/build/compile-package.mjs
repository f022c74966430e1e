// @ts-check
// The `build` script of a workspace package that is its TypeScript alone, run by npm in the
// package's folder: dist/ removed, then the package's tsconfig.json compiled (compile.mjs).
import { rmSync } from "node:fs";
import { join } from "node:path";
import { compile } from "./compile.mjs";

const packageDir = process.cwd();
rmSync(join(packageDir, "dist"), { recursive: true, force: true });
process.exitCode = await compile(join(packageDir, "tsconfig.json"));
