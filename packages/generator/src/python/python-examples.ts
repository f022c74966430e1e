// An example value written as Python, guided by its schema. Where the schema is a union of
// TypedDicts, a dict literal leaves mypy to guess which one is meant, and it refuses two that
// share their keys ("Type of TypedDict is ambiguous": DigitalOcean's ext4 and xfs volumes) or
// picks the wrong one (OpenAI's eval items). There the example calls the model it matches,
// `models.VolumesExt4(name=…, …)`, which says to the reader too which kind it is.
import { resolveRef } from "@signing-platform/contract/openapi";
import type { OpenApiDocument } from "../load-document.js";
import { FILE_EXAMPLE } from "../operation-examples.js";
import { objectShape, PYTHON_KEYWORDS, pythonLiteral } from "./python-types.js";

type Node = Record<string, any>;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Whether `value` fits the object schema's keys: none it does not name (where it names some), every one it requires, enums kept. */
function fits(document: OpenApiDocument, schema: unknown, value: Node): boolean {
  const resolved = resolveRef(document, schema, "example");
  const shape = resolved ? objectShape(document, resolved) : undefined;
  if (!shape) return false;
  const named = new Map(shape.properties);
  if ([...shape.required].some((key) => !(key in value))) return false;
  return Object.entries(value).every(([key, item]) => {
    const property = named.get(key);
    if (property === undefined) return false;
    const own = resolveRef(document, property, "example");
    return !Array.isArray(own?.enum) || own.enum.includes(item);
  });
}

/**
 * `value` as Python source, `schema` its schema. `modelOf` names the TypedDict model of a
 * schema (a component's, or an inline one the models were given), if it has one.
 */
export function pythonExample(
  document: OpenApiDocument,
  schema: unknown,
  value: unknown,
  modelOf: (schema: Node) => string | undefined,
  depth = 0,
): string {
  if (value === FILE_EXAMPLE) return 'b"..."';
  const resolved = depth > 12 ? undefined : resolveRef(document, schema, "example");
  if (value === null || typeof value !== "object" || !resolved) {
    return pythonLiteral(value).replaceAll(JSON.stringify(FILE_EXAMPLE), 'b"..."');
  }
  if (Array.isArray(value)) {
    const alternatives: Node[] = (resolved.oneOf ?? resolved.anyOf ?? []) as Node[];
    const items = resolved.items ?? alternatives.map((part) => resolveRef(document, part, "example")?.items).find(Boolean);
    return `[${value.map((item) => pythonExample(document, items, item, modelOf, depth + 1)).join(", ")}]`;
  }
  const object = value as Node;
  const alternatives = (resolved.oneOf ?? resolved.anyOf) as Node[] | undefined;
  if (Array.isArray(alternatives)) {
    const models = alternatives.filter((alternative) => modelOf(alternative) !== undefined);
    const match = alternatives.find((alternative) => fits(document, alternative, object));
    if (match === undefined) return pythonLiteral(object).replaceAll(JSON.stringify(FILE_EXAMPLE), 'b"..."');
    const name = modelOf(match);
    const keywords = Object.keys(object).every((key) => IDENTIFIER.test(key) && !PYTHON_KEYWORDS.has(key));
    if (name !== undefined && models.length > 1 && keywords) {
      const properties = new Map(objectShape(document, resolveRef(document, match, "example")!)!.properties);
      const fields = Object.entries(object).map(
        ([key, item]) => `${key}=${pythonExample(document, properties.get(key), item, modelOf, depth + 1)}`,
      );
      return `models.${name}(${fields.join(", ")})`;
    }
    return pythonExample(document, match, object, modelOf, depth + 1);
  }
  const shape = objectShape(document, resolved);
  const properties = new Map(shape?.properties ?? []);
  const extra = typeof resolved.additionalProperties === "object" ? resolved.additionalProperties : undefined;
  const entries = Object.entries(object).map(
    ([key, item]) => `${JSON.stringify(key)}: ${pythonExample(document, properties.get(key) ?? extra, item, modelOf, depth + 1)}`,
  );
  return `{${entries.join(", ")}}`;
}
