// Reads the OpenAPI document to generate from: YAML or JSON, OpenAPI 3.0, 3.1 or 3.2, with paths,
// loaded by the contract's loader as every command loads one (so split documents work and
// errors name their place); the CLI loads it the same way and hands it over, and
// `checkOpenApiDocument` holds either to the same bar.
import { type LoadedDocument, loadOpenApiDocument, NotOpenApi3Error } from "@signing-platform/contract/openapi-loader";
import { asGeneratorInput, GeneratorInputError } from "./generator-input-error.js";
import { swaggerRefused } from "./swagger-refused.js";

/** An OpenAPI 3.0, 3.1 or 3.2 document with paths: what the generator generates from. */
export interface OpenApiDocument {
  /** The OpenAPI version, `3.0.x`, `3.1.x` or `3.2.x`. */
  openapi: string;
  /** The title names the SDK's package by default; the version is the first release's. */
  info?: { title?: string; version?: string; description?: string; license?: unknown };
  /** At least one path. */
  paths: Record<string, Record<string, unknown>>;
  /** The rest of the document, as written. */
  [key: string]: unknown;
}

export function checkOpenApiDocument(document: unknown, input: string): OpenApiDocument {
  const candidate = document as Partial<OpenApiDocument> | null;
  if (!candidate || typeof candidate !== "object" || typeof candidate.openapi !== "string" || !/^3\.[012]\./.test(candidate.openapi)) {
    if (candidate && typeof candidate === "object" && "swagger" in candidate) throw swaggerRefused(input, String(candidate.swagger));
    throw new GeneratorInputError(
      `${input} is not an OpenAPI 3.0, 3.1 or 3.2 document (openapi: ${String(candidate?.openapi ?? "absent")}).`,
    );
  }
  if (!candidate.paths || typeof candidate.paths !== "object" || Object.keys(candidate.paths).length === 0) {
    throw new GeneratorInputError(`${input} has no paths: there is nothing to generate.`);
  }
  return candidate as OpenApiDocument;
}

/**
 * The file `input` as every command loads one (@signing-platform/contract's loader: YAML or
 * JSON, a split document bundled into one, what no command can use refused in one line naming
 * the file and the place); a Swagger document refused with the command that converts it.
 * @example const previous = await loadGeneratorInput("released/openapi.yaml"); await generate({ input, outDir, previous });
 */
export async function loadGeneratorInput(input: string): Promise<LoadedDocument> {
  return asGeneratorInput(async () => {
    try {
      return loadOpenApiDocument(input);
    } catch (error) {
      if (error instanceof NotOpenApi3Error && error.swaggerVersion !== undefined) throw swaggerRefused(input, error.swaggerVersion);
      throw error;
    }
  });
}

/**
 * The document in the file `input`, bundled, held to what the generator needs.
 * @example const document = await loadDocumentToGenerate("openapi.yaml"); // a GeneratorInputError, naming the file, if it cannot be used
 */
export async function loadDocumentToGenerate(input: string): Promise<OpenApiDocument> {
  const loaded = await loadGeneratorInput(input);
  return checkOpenApiDocument(await asGeneratorInput(async () => loaded.bundled().data), input);
}
