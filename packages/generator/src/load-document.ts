// Reads the OpenAPI document to generate from: YAML or JSON, OpenAPI 3.x, with paths.
import { readFile } from "node:fs/promises";
import YAML from "yaml";
import { GeneratorInputError } from "./generator-input-error.js";

export interface OpenApiDocument {
  openapi: string;
  info?: { title?: string; version?: string; description?: string };
  paths: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

export async function loadOpenApiDocument(input: string): Promise<OpenApiDocument> {
  let text: string;
  try {
    text = await readFile(input, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new GeneratorInputError(`Cannot read --input ${input}${code ? ` (${code})` : ""}.`);
  }
  let document: unknown;
  try {
    document = YAML.parse(text);
  } catch (error) {
    throw new GeneratorInputError(`--input ${input} is neither YAML nor JSON: ${(error as Error).message.split("\n")[0]}`);
  }
  const candidate = document as Partial<OpenApiDocument> | null;
  if (!candidate || typeof candidate !== "object" || typeof candidate.openapi !== "string" || !candidate.openapi.startsWith("3.")) {
    throw new GeneratorInputError(`--input ${input} is not an OpenAPI 3 document (no "openapi: 3.x" field).`);
  }
  if (!candidate.paths || typeof candidate.paths !== "object" || Object.keys(candidate.paths).length === 0) {
    throw new GeneratorInputError(`--input ${input} has no paths: there is nothing to generate.`);
  }
  return candidate as OpenApiDocument;
}
