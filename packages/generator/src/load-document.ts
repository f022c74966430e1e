// Reads the OpenAPI document to generate from: YAML or JSON, OpenAPI 3.0 or 3.1, with paths.
// The CLI reads and bundles the document itself (so split documents work and errors name
// their place) and hands it over; `checkOpenApiDocument` holds either to the same bar.
import { readFile } from "node:fs/promises";
import YAML from "yaml";
import { GeneratorInputError } from "./generator-input-error.js";
import { swaggerRefused } from "./swagger-refused.js";

export interface OpenApiDocument {
  openapi: string;
  info?: { title?: string; version?: string; description?: string; license?: unknown };
  paths: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

export function checkOpenApiDocument(document: unknown, input: string): OpenApiDocument {
  const candidate = document as Partial<OpenApiDocument> | null;
  if (!candidate || typeof candidate !== "object" || typeof candidate.openapi !== "string" || !/^3\.[01]\./.test(candidate.openapi)) {
    if (candidate && typeof candidate === "object" && "swagger" in candidate) throw swaggerRefused(input, String(candidate.swagger));
    throw new GeneratorInputError(`${input} is not an OpenAPI 3.0 or 3.1 document (openapi: ${String(candidate?.openapi ?? "absent")}).`);
  }
  if (!candidate.paths || typeof candidate.paths !== "object" || Object.keys(candidate.paths).length === 0) {
    throw new GeneratorInputError(`${input} has no paths: there is nothing to generate.`);
  }
  return candidate as OpenApiDocument;
}

export async function loadOpenApiDocument(input: string): Promise<OpenApiDocument> {
  let text: string;
  try {
    text = await readFile(input, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new GeneratorInputError(`Cannot read ${input}${code ? ` (${code})` : ""}.`);
  }
  let document: unknown;
  try {
    document = YAML.parse(text);
  } catch (error) {
    throw new GeneratorInputError(`${input} is neither YAML nor JSON: ${(error as Error).message.split("\n")[0]}`);
  }
  return checkOpenApiDocument(document, input);
}
