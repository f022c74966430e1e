// Reads the committed generated/ files and the interface document for the tests.
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { readOperations } from "@signing-platform/contract";
import YAML from "yaml";

export const root = fileURLToPath(new URL("../../", import.meta.url));
export const generatedDir = join(root, "generated");

export type JsonObject = Record<string, any>;

export function loadOpenApi(): JsonObject {
  return YAML.parse(readFileSync(join(generatedDir, "openapi.yaml"), "utf8"));
}

export function loadCatalogue(): JsonObject {
  return JSON.parse(readFileSync(join(generatedDir, "catalogue.json"), "utf8"));
}

export function loadJsonSchemas(): JsonObject[] {
  const dir = join(generatedDir, "json-schema");
  return readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), "utf8")));
}

export interface OperationEntry {
  path: string;
  method: string;
  operation: JsonObject;
}

/** Every operation under `paths` (not webhooks). */
export function listOperations(document: JsonObject): OperationEntry[] {
  return readOperations<JsonObject>(document);
}

/** Follows a local `$ref` such as `#/components/parameters/X`. */
export function resolveRef<T = JsonObject>(document: JsonObject, value: JsonObject): T {
  if (!value.$ref) return value as T;
  const parts = String(value.$ref).replace(/^#\//, "").split("/");
  return parts.reduce<any>((node, part) => node[part.replace(/~1/g, "/").replace(/~0/g, "~")], document);
}

/** The rows of the first Markdown table under a heading of the interface document. */
export function interfaceTable(heading: string): string[][] {
  const text = readFileSync(join(root, "docs", "interface.md"), "utf8");
  const lines = text.split("\n");
  const start = lines.findIndex((line) => line.replace(/^#+\s*/, "") === heading && line.startsWith("#"));
  if (start < 0) throw new Error(`The interface document has no heading "${heading}".`);
  const rows: string[][] = [];
  let inTable = false;
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith("|")) {
      inTable = true;
      const cells = line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim());
      if (cells.every((cell) => /^-+$/.test(cell))) continue;
      rows.push(cells);
    } else if (inTable) break;
  }
  return rows.slice(1);
}
