// @ts-check
// The `build` script of @signing-platform/types. The root `npm run build` runs it after it
// has written generated/ (scripts/build.mjs there): this package only reads generated/.
//   1. src/generated/*.ts: the openapi-typescript types, the catalogue `as const` and the
//      friendly aliases (the extension contract and the fallback rule are imported from
//      @signing-platform/contract, not copied);
//   2. tsc → dist/ (ESM .js and .d.ts), swapped in whole.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import YAML from "yaml";
import { compile } from "../../../scripts/build/compile.mjs";
import { operationAliasesModule, schemaAliasesModule, schemaValuesModule } from "./alias-modules.mjs";
import { catalogueModule } from "./catalogue-module.mjs";
import { openapiTypesModule } from "./openapi-types.mjs";
import { cataloguePath, distDir, generatedHeader, generatedSourceDir, openapiPath, packageDir } from "./paths.mjs";

const document = YAML.parse(readFileSync(openapiPath, "utf8"));
const catalogue = JSON.parse(readFileSync(cataloguePath, "utf8"));

rmSync(generatedSourceDir, { recursive: true, force: true });
mkdirSync(generatedSourceDir, { recursive: true });
/** @param {string} file @param {string} from @param {string} contents */
const write = (file, from, contents) => writeFileSync(join(generatedSourceDir, file), generatedHeader(from) + "\n" + contents);
write("openapi.ts", "generated/openapi.yaml", await openapiTypesModule(document));
write("catalogue.ts", "generated/catalogue.json", catalogueModule(catalogue));
write("schema-aliases.ts", "generated/openapi.yaml", schemaAliasesModule(document));
write("operation-aliases.ts", "generated/openapi.yaml", operationAliasesModule(document));
write("schema-values.ts", "generated/openapi.yaml", schemaValuesModule(document));

// Compiled beside dist/ and swapped in at the end, so that a package built against this
// one meanwhile (the tree is shared) never finds dist/ half written.
const staging = `${distDir}-${process.pid}`;
const status = await compile(join(packageDir, "tsconfig.json"), { outDir: staging });
if (status !== 0) {
  rmSync(staging, { recursive: true, force: true });
  process.exit(status);
}
rmSync(distDir, { recursive: true, force: true });
renameSync(staging, distDir);
