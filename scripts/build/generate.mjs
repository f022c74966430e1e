// @ts-check
// Writes a generated/ folder from the spec: openapi.yaml, its source map back to the .tsp
// (openapi.sourcemap.json), json-schema/, catalogue.json.
// Deterministic: the same spec gives the same bytes (test/spec/determinism.test.ts).
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import YAML from "yaml";
import { buildCatalogue } from "./catalogue.mjs";
import { compileSpec } from "./compile-spec.mjs";
import { finishJsonSchema } from "./finish-json-schema.mjs";
import { documentedShapeFindings, formatDocumentedShapeFindings, readJsonSchemas } from "./documented-shapes.mjs";
import { finishOpenApi } from "./finish-openapi.mjs";
import { finishSourceMap } from "./source-map.mjs";
import { generated, generatedFiles, generatedNotice } from "./paths.mjs";

/** @param {string} path @param {unknown} value */
function writeJson(path, value) {
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * @param {string} path @param {import("openapi-typescript").OpenAPI3} document
 * @returns {string} the text written
 */
function writeOpenApi(path, document) {
  const yaml = new YAML.Document(document);
  yaml.commentBefore = ` ${generatedNotice}`;
  const text = yaml.toString({ lineWidth: 0 });
  writeFileSync(path, text);
  return text;
}

/** @param {string} emittedDir @param {string} outDir */
function writeJsonSchemas(emittedDir, outDir) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const file of readdirSync(emittedDir).sort()) {
    const schema = JSON.parse(readFileSync(join(emittedDir, file), "utf8"));
    writeJson(join(outDir, file), finishJsonSchema(schema));
  }
}

/**
 * Compiles the spec and writes the generated files into `dir` (default: generated/).
 * @param {string} [dir]
 */
export async function generate(dir) {
  const files = generatedFiles(dir);
  const scratch = mkdtempSync(join(tmpdir(), "signing-platform-tsp-"));
  try {
    await compileSpec(scratch);
    mkdirSync(files.dir, { recursive: true });
    const emittedDir = join(scratch, "openapi3");
    const emitted = YAML.parse(readFileSync(join(emittedDir, "openapi.yaml"), "utf8"));
    const document = finishOpenApi(structuredClone(emitted));
    const text = writeOpenApi(files.openApi, document);
    const emittedMap = JSON.parse(readFileSync(join(emittedDir, "openapi.sourcemap.json"), "utf8"));
    const sourceMap = finishSourceMap({
      emittedMap,
      emittedMapDir: emittedDir,
      emitted,
      finished: document,
      finishedText: text,
      outDir: generated, // paths relative to the repository's generated/, wherever this copy is written
    });
    writeJson(files.sourceMap, sourceMap);
    writeJsonSchemas(join(scratch, "json-schema"), files.jsonSchema);
    writeJson(files.catalogue, buildCatalogue(document));
    // Additions keep the shapes the interface document shows valid (docs/decisions.md#other-additions).
    const findings = documentedShapeFindings({ document, jsonSchemas: readJsonSchemas(files.jsonSchema) });
    if (findings.length > 0) {
      throw new Error(`The spec makes a shape the interface document shows invalid:\n${formatDocumentedShapeFindings(findings)}`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return files;
}
