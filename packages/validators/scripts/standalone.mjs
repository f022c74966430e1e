// @ts-check
// Ahead-of-time compilation: every schema of generated/json-schema/ becomes a function in
// one ES module, so nothing is compiled at import. ajv's standalone output still calls
// require() for the format checks (ajv-formats) even with `code.esm`, which breaks in
// browsers and bundlers that expect ESM; esbuild bundles those modules in, so the result
// is plain ESM with no imports at all.
import standaloneCode from "ajv/dist/standalone/index.js";
import { build } from "esbuild";
import { createSchemaAjv } from "./ajv-options.mjs";
import { packageDir } from "./paths.mjs";

/** @typedef {import("ajv/dist/2020.js").SchemaObject} SchemaObject */

/**
 * The export name of a schema: its `$id` without `.json` (`SigningRequest.json` → `SigningRequest`).
 * @param {SchemaObject} schema
 */
export function exportNameOf(schema) {
  const name = String(schema.$id).replace(/\.json$/, "");
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Schema $id "${schema.$id}" is not a usable export name.`);
  return name;
}

/** @param {SchemaObject[]} schemas */
export async function compileStandaloneModule(schemas) {
  const ajv = createSchemaAjv({ code: { source: true, esm: true } }, schemas);
  const exports = Object.fromEntries(schemas.map((schema) => [exportNameOf(schema), schema.$id]));
  const code = standaloneCode.default(ajv, exports);
  const bundled = await build({
    stdin: { contents: code, resolveDir: packageDir, sourcefile: "standalone.js", loader: "js" },
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    write: false,
    minify: true,
    legalComments: "inline",
    logLevel: "error",
  });
  const [file] = /** @type {import("esbuild").OutputFile[]} */ (bundled.outputFiles); // write: false: the output is here
  const output = /** @type {import("esbuild").OutputFile} */ (file).text;
  // A require() esbuild could not bundle stays a call with the module's name as a string.
  if (/\brequire\(\s*["'`]/.test(output)) throw new Error("The bundled validators still call require().");
  return output;
}

/**
 * The package's code, src/ and the compiled schemas, as one ES module with no imports.
 * @param {string} entryPoint
 * @param {string} outfile
 */
export async function bundlePackage(entryPoint, outfile) {
  await build({
    entryPoints: [entryPoint],
    outfile,
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    external: ["@signing-platform/types"],
    minify: true,
    legalComments: "inline",
    logLevel: "error",
  });
}

/**
 * The declarations of the module: one compiled schema per export.
 * @param {SchemaObject[]} schemas
 */
export function standaloneDeclarations(schemas) {
  const lines = schemas.map((schema) => `export declare const ${exportNameOf(schema)}: CompiledSchema;`);
  return `import type { CompiledSchema } from "../compiled-schema.js";\n\n${lines.join("\n")}\n`;
}
