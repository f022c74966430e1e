// Names and type expressions of the Python SDK. A type is written as the text of a Python type
// expression (`"Certificate | None"`), which models.py keeps in quotes: it is read by type
// checkers and never evaluated at import, so schemas may refer to each other in any order and
// the `X | None` syntax works on Python 3.10.
import { resolveRef } from "@signing-platform/contract/openapi";
import { componentName } from "../document-refs.js";
import type { OpenApiDocument } from "../load-document.js";
import { ascii } from "../naming.js";

type Node = Record<string, any>;

export const PYTHON_KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  ),
);
/** Names models.py and _api.py import or use themselves: a schema of the same name is renamed. */
const TAKEN_BY_THE_SDK = new Set(["Any", "Literal", "NotRequired", "TypeAlias", "TypedDict", "annotations", "models", "sys"]);

/** snake_case, a valid identifier: `signingRequests` → `signing_requests`, `class` → `class_`. */
export function pythonName(name: string): string {
  const snake = ascii(name)
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9_]+/g, "_")
    .replace(/^(\d)/, "_$1")
    // Two leading underscores would make a class's member private (name mangling).
    .replace(/^_{2,}/, "_")
    .toLowerCase();
  return PYTHON_KEYWORDS.has(snake) || snake === "" ? `${snake}_` : snake;
}

/** A schema's name as a Python class name: `pet-item` → `PetItem`, `Any` → `Any_`. */
export function modelName(schemaName: string): string {
  const pascal = ascii(schemaName)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("")
    .replace(/^(\d)/, "_$1");
  return pascal === "" || PYTHON_KEYWORDS.has(pascal) || TAKEN_BY_THE_SDK.has(pascal) ? `${pascal}_` : pascal;
}

/** Names made unique in order of asking, none of `taken`: a second `Pet` is `Pet_2`. */
export function uniqueNames(taken: Iterable<string> = []): (candidate: string) => string {
  const used = new Set<string>(taken);
  return (candidate) => {
    let made = candidate;
    for (let count = 2; used.has(made); count++) made = `${candidate}_${count}`;
    used.add(made);
    return made;
  };
}

const modelNamesOf = new WeakMap<object, Map<string, string>>();

/** The model name of each component schema of a document, distinct even where two names read alike. */
export function modelNames(document: OpenApiDocument): Map<string, string> {
  let names = modelNamesOf.get(document);
  if (!names) {
    const unique = uniqueNames();
    const schemas = ((document.components as Node | undefined)?.schemas ?? {}) as Node;
    names = new Map(Object.keys(schemas).map((schemaName) => [schemaName, unique(modelName(schemaName))]));
    modelNamesOf.set(document, names);
  }
  return names;
}

/** A literal of a JSON value as Python writes it. */
function literal(value: unknown): string | undefined {
  if (typeof value === "string") {
    // Inside a quoted type, mypy reads a `|` or `,` in a literal string as part of the type:
    // such a value makes the type a plain str.
    if (/[|,]/.test(value)) return undefined;
    // Single quotes: the expression is itself written inside a double-quoted string in models.py.
    return `'${JSON.stringify(value).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
  }
  if (typeof value === "number" && Number.isInteger(value)) return String(value);
  if (typeof value === "boolean") return value ? "True" : "False";
  return undefined;
}

/** The union of Python types, each once; Any absorbs the rest. */
export function union(types: string[]): string {
  const distinct = [...new Set(types)];
  if (distinct.includes("Any")) return "Any";
  return distinct.join(" | ");
}

/** `type`, or `type | None` where the schema allows null (`nullable`, or `null` among its types) and it does not already. */
export function orNullFor(schema: Node, type: string): string {
  const declared: unknown[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  const nullable = schema.nullable === true || declared.includes("null");
  return nullable && type !== "Any" && !type.split(" | ").includes("None") ? `${type} | None` : type;
}

/**
 * A schema as a Python type expression. `prefix` qualifies the names of other schemas
 * (`models.` outside models.py). Depth bounds a schema nested without names.
 */
export function pythonType(document: OpenApiDocument, schema: Node | undefined, prefix = "", depth = 0): string {
  if (!schema || typeof schema !== "object" || depth > 8) return "Any";
  const declared: string[] = Array.isArray(schema.type) ? schema.type : typeof schema.type === "string" ? [schema.type] : [];
  const nullable = schema.nullable === true || declared.includes("null");
  const orNull = (type: string) => orNullFor(schema, type);
  const named = componentName(schema.$ref);
  const known = named === undefined ? undefined : modelNames(document).get(named);
  // A reference with `nullable` (or `type: [..., "null"]`) beside it, as OpenAPI 3.1 allows, may be null.
  if (known !== undefined) return orNull(`${prefix}${known}`);
  if (typeof schema.$ref === "string") return orNull(pythonType(document, resolveRef(document, schema, "schema"), prefix, depth + 1));
  // Outside models.py a resource's method may be named `list`, which would hide the builtin.
  const builtin = prefix === "" ? "" : "builtins.";
  const values = Array.isArray(schema.enum) ? schema.enum : schema.const !== undefined ? [schema.const] : undefined;
  if (values) {
    const literals = values.filter((value: unknown) => value !== null).map(literal);
    if (literals.length > 0 && literals.every((value: string | undefined) => value !== undefined)) {
      return orNull(`Literal[${literals.join(", ")}]`) + (values.includes(null) && !nullable ? " | None" : "");
    }
    if (schema.type === undefined && values.every((value: unknown) => typeof value === "string" || value === null)) {
      return orNull("str") + (values.includes(null) && !nullable ? " | None" : "");
    }
  }
  const parts = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(parts)) return orNull(union(parts.map((part: Node) => pythonType(document, part, prefix, depth + 1))));
  // `allOf: [{ $ref }, { description }]`, as documents write a reference with its own
  // description: the parts that only annotate or bound say nothing of the type.
  const typed = Array.isArray(schema.allOf) ? schema.allOf.filter((part: unknown) => !keepsType(part)) : [];
  if (typed.length === 1 && !schema.properties) return orNull(pythonType(document, typed[0], prefix, depth + 1));
  const types = declared.filter((type) => type !== "null");
  const mapped = types.map((type) => {
    switch (type) {
      case "string":
        return "str";
      case "integer":
        return "int";
      case "number":
        return "float";
      case "boolean":
        return "bool";
      case "array":
        return `${builtin}list[${pythonType(document, schema.items, prefix, depth + 1)}]`;
      case "object":
        return `${builtin}dict[str, ${valuesOf(document, schema, prefix, depth)}]`;
      default:
        return "Any";
    }
  });
  // Only `type: "null"` is null alone; `nullable: true` without a type (OpenAPI 3.0) is any value or null.
  if (mapped.length === 0 && declared.includes("null")) return "None";
  if (mapped.length === 0)
    // An `allOf` of parts that keep the type (`[{}, { description }]`, as Box writes) allows any value.
    return schema.properties || typed.length > 0 || schema.additionalProperties !== undefined
      ? `${builtin}dict[str, ${valuesOf(document, schema, prefix, depth)}]`
      : "Any";
  return orNull(union(mapped));
}

/**
 * Keywords that leave a schema's Python type as it is: those that describe it, and those that
 * bound values of a type given elsewhere (DigitalOcean's `allOf: [{ $ref }, { maxLength: 16 }]`).
 */
const TYPE_KEEPING = new Set([
  "description",
  "title",
  "example",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "externalDocs",
  "$comment",
  "default",
  "xml",
  // `{ nullable: false }`, as Box writes beside a reference, changes nothing; `true` alone has no type to make nullable.
  "nullable",
  "maxLength",
  "minLength",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
]);

/** A schema that changes no type (`{ description }`, `{ maxLength }`): as a part of `allOf` it says nothing of the type. */
function keepsType(part: unknown): boolean {
  return !!part && typeof part === "object" && Object.keys(part).every((key) => TYPE_KEEPING.has(key) || key.startsWith("x-"));
}

/** The type of an object's values where its properties are not named: `additionalProperties`' schema, else Any. */
function valuesOf(document: OpenApiDocument, schema: Node, prefix: string, depth: number): string {
  const extra = schema.additionalProperties;
  return extra && typeof extra === "object" && !schema.properties && !schema.patternProperties
    ? pythonType(document, extra, prefix, depth + 1)
    : "Any";
}

export interface ObjectShape {
  properties: Array<[string, Node]>;
  required: Set<string>;
}

/**
 * The properties of an object schema, those of its `allOf` parts merged in (a TypedDict has
 * one flat set of keys); undefined when the schema is not an object with named properties.
 */
export function objectShape(document: OpenApiDocument, schema: Node, depth = 0): ObjectShape | undefined {
  if (depth > 8) return undefined;
  const properties = new Map<string, Node>();
  const required = new Set<string>();
  const parts = Array.isArray(schema.allOf) ? schema.allOf : [];
  for (const part of parts) {
    if (keepsType(part)) continue;
    const resolved = resolveRef(document, part, "allOf");
    const shape = resolved && objectShape(document, resolved, depth + 1);
    if (!shape) return undefined;
    for (const [name, value] of shape.properties) properties.set(name, value);
    for (const name of shape.required) required.add(name);
  }
  const isObject = schema.type === "object" || (schema.type === undefined && (schema.properties || parts.length > 0));
  if (!isObject || (schema.oneOf ?? schema.anyOf)) return undefined;
  for (const [name, value] of Object.entries<Node>(schema.properties ?? {})) properties.set(name, value);
  for (const name of Array.isArray(schema.required) ? schema.required : []) required.add(name);
  return properties.size > 0 ? { properties: [...properties], required } : undefined;
}

/** A JSON value as a Python literal: on one line, or `pretty`, one entry a line as black writes it. */
export function pythonLiteral(value: unknown, pretty = false, depth = 0): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value !== "object") return JSON.stringify(value);
  const entries = Array.isArray(value)
    ? value.map((item) => pythonLiteral(item, pretty, depth + 1))
    : Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${pythonLiteral(item, pretty, depth + 1)}`);
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  if (!pretty || entries.length === 0) return `${open}${entries.join(", ")}${close}`;
  const inner = "    ".repeat(depth + 1);
  return `${open}\n${entries.map((entry) => `${inner}${entry},`).join("\n")}\n${"    ".repeat(depth)}${close}`;
}
