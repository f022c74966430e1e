// @ts-check
// The `build` script of @signing-platform/validators. The root `npm run build` runs it after
// it has written generated/ (scripts/build.mjs there).
//   0. @signing-platform/types first, when its declarations are missing or older than
//      generated/: the declarations here name its types, and npm does not promise the
//      order in which it runs the workspaces' builds;
//   1. src/generated/standalone.js: every schema compiled ahead of time by ajv, bundled to
//      plain ESM (scripts/standalone.mjs), with its declarations;
//   2. src/generated/validators.ts: the typed validators per model, event type and
//      operation (scripts/validators-module.mjs);
//   3. dist/: the declarations by tsc, and the code bundled by esbuild into one ES module,
//      dist/index.js: one file is cheaper to import in a fresh process than a dozen (the
//      cold start of the benchmark).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import YAML from "yaml";
import { compile } from "../../../scripts/build/compile.mjs";
import { loadJsonSchemas } from "./ajv-options.mjs";
import { distDir, generatedHeader, generatedSourceDir, openapiPath, packageDir, repositoryRoot } from "./paths.mjs";
import { bundlePackage, compileStandaloneModule, standaloneDeclarations } from "./standalone.mjs";
import { eventSchemasModule, validatorsModule } from "./validators-module.mjs";

// `validateEvent` is the validator of any event, which picks the schema by `type`; the Event
// schema itself is the envelope it falls back to for unknown types.
const VALIDATOR_NAMES = { Event: "validateEventEnvelope" };

const typesDeclarations = join(repositoryRoot, "packages", "types", "dist", "index.d.ts");
if (!existsSync(typesDeclarations) || statSync(typesDeclarations).mtimeMs < statSync(openapiPath).mtimeMs) {
  const typesBuild = join(repositoryRoot, "packages", "types", "scripts", "build.mjs");
  const built = spawnSync(process.execPath, [typesBuild], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const schemas = loadJsonSchemas();
const document = YAML.parse(readFileSync(openapiPath, "utf8"));

rmSync(generatedSourceDir, { recursive: true, force: true });
mkdirSync(generatedSourceDir, { recursive: true });
/** @param {string} file @param {string} contents */
const write = (file, contents) =>
  writeFileSync(join(generatedSourceDir, file), generatedHeader("generated/json-schema/ and generated/openapi.yaml") + "\n" + contents);
write("standalone.js", await compileStandaloneModule(schemas));
write("standalone.d.ts", standaloneDeclarations(schemas));
write("validators.ts", validatorsModule(schemas, document, VALIDATOR_NAMES));
write("event-schemas.ts", eventSchemasModule(document));

// Written beside dist/ and swapped in at the end, so that a package built against this one
// meanwhile (the tree is shared) never finds dist/ half written.
const staging = `${distDir}-${process.pid}`;
const declarations = await compile(join(packageDir, "tsconfig.json"), { emitDeclarationOnly: true, outDir: staging });
if (declarations !== 0) {
  rmSync(staging, { recursive: true, force: true });
  process.exit(declarations);
}
await bundlePackage(join(packageDir, "src", "index.ts"), join(staging, "index.js"));
rmSync(distDir, { recursive: true, force: true });
renameSync(staging, distDir);
