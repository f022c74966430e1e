// What the document promises, as the checks need it: each operation with its parameters,
// body and responses, the x-signing-platform-* extensions (read by the client runtime's
// describeApi, the same reading every SDK makes), the header names and the error catalogue,
// and a validator for each response schema (ajv, compiled from the document on first use).
import { describeApi, type ApiConventions, type OperationExtensions } from "@signing-platform/client";
import { readRootExtensions } from "@signing-platform/contract";
import { issuesFromAjvErrors, type ValidationIssue } from "@signing-platform/validators";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type Json = Record<string, any>;

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  schema: Json;
}

export interface Operation {
  /** The path template, as in the document. */
  path: string;
  /** Lower case. */
  method: string;
  operationId: string | undefined;
  parameters: Parameter[];
  /** The JSON request body's schema, if the operation takes one. */
  body: { schema: Json; required: boolean } | null;
  /** Declared statuses ("200", "4XX", "default"). */
  statuses: string[];
  extensions: OperationExtensions;
  /** Whether the operation asks for credentials (its own or the document's security). */
  secured: boolean;
}

export interface Contract {
  document: Json;
  operations: Operation[];
  headers: ApiConventions["headers"] & { idempotentReplayed?: string };
  errorCodes: ApiConventions["errorCodes"];
  /** The operation a request is for, by method and path; null when none matches. */
  operationOf(method: string, pathname: string): { path: string; method: string } | null;
  /** Checks a response body against the schema its operation declares for the status. */
  validateResponse(operation: Operation, status: number, contentType: string | undefined, body: unknown): ResponseValidation;
  /** Whether the document's schema of the operation's JSON request body accepts `body`; true when it has none. */
  acceptsRequestBody(operation: Operation, body: unknown): boolean;
  /** Resolves a local $ref (and `allOf` of one), for building values. */
  resolve(schema: Json): Json;
}

export type ResponseValidation =
  | { ok: true }
  | { ok: false; undeclaredStatus: true }
  | { ok: false; undeclaredStatus: false; issues: ValidationIssue[] };

const METHODS = ["get", "put", "post", "delete", "patch"] as const;

export function readContract(document: Json): Contract {
  const api = describeApi(document);
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<Json>(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((parameter: Json) =>
        resolveRef(document, parameter),
      );
      const body = resolveRef(document, operation.requestBody ?? {});
      const jsonBody = body.content?.["application/json"]?.schema as Json | undefined;
      operations.push({
        path,
        method,
        operationId: operation.operationId,
        parameters: parameters.map((parameter: Json) => ({
          name: parameter.name,
          in: parameter.in,
          required: parameter.required === true,
          schema: parameter.schema ?? {},
        })),
        body: jsonBody ? { schema: jsonBody, required: body.required === true } : null,
        statuses: Object.keys(operation.responses ?? {}),
        extensions: api.operations[path]?.[method] ?? {},
        secured: (operation.security ?? document.security ?? []).some((requirement: Json) => Object.keys(requirement).length > 0),
      });
    }
  }

  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema(document.openapi?.startsWith("3.0") ? nullableAsType(document) : document, "openapi");
  const validators = new Map<string, ValidateFunction | null>();
  const validatorAt = (pointer: string) => {
    if (!validators.has(pointer)) validators.set(pointer, ajv.getSchema(`openapi#${pointer}`) ?? null);
    return validators.get(pointer) ?? null;
  };

  // A template matches a path of as many segments, each equal or a `{parameter}`; a literal
  // segment wins over a parameter where two templates match (OpenAPI: Path Templating).
  const templates = operations.map((operation) => ({ operation, segments: operation.path.split("/") }));
  const matches = (segments: string[], path: string[]) =>
    segments.length === path.length &&
    segments.every((segment, index) => (/^\{[^}]+\}$/.test(segment) ? path[index] !== "" : segment === path[index]));
  const { headers } = readRootExtensions(document);

  return {
    document,
    operations,
    headers: { ...api.conventions.headers, ...(headers?.idempotent_replayed ? { idempotentReplayed: headers.idempotent_replayed } : {}) },
    errorCodes: api.conventions.errorCodes,
    operationOf(method, pathname) {
      const lower = method.toLowerCase();
      const path = pathname.split("/");
      const found = templates
        .filter(({ operation, segments }) => operation.method === lower && matches(segments, path))
        .sort((a, b) => a.operation.path.split("{").length - b.operation.path.split("{").length)[0];
      return found ? { path: found.operation.path, method: lower } : null;
    },
    validateResponse(operation, status, contentType, body) {
      const key = [String(status), `${String(status)[0]}XX`, "default"].find((candidate) => operation.statuses.includes(candidate));
      if (!key) return { ok: false, undeclaredStatus: true };
      const responses = document.paths[operation.path][operation.method].responses;
      const declared = resolveRef(document, responses[key]);
      const media = Object.keys(declared.content ?? {});
      if (media.length === 0 || body === undefined) return { ok: true };
      const type = media.find((name) => contentType?.startsWith(name)) ?? media.find((name) => name.includes("json"));
      if (!type || !declared.content[type].schema) return { ok: true };
      const pointer = `/paths/${pointerSegment(operation.path)}/${operation.method}/responses/${pointerSegment(key)}/content/${pointerSegment(type)}/schema`;
      const refPointer = responses[key].$ref ? `${String(responses[key].$ref).slice(1)}/content/${pointerSegment(type)}/schema` : pointer;
      const validate = validatorAt(refPointer);
      if (!validate || validate(body)) return { ok: true };
      return { ok: false, undeclaredStatus: false, issues: issuesFromAjvErrors(validate.errors ?? [], body) };
    },
    acceptsRequestBody(operation, body) {
      const requestBody = document.paths[operation.path][operation.method].requestBody;
      if (!requestBody) return true;
      const base = requestBody.$ref
        ? String(requestBody.$ref).slice(1)
        : `/paths/${pointerSegment(operation.path)}/${operation.method}/requestBody`;
      const validate = validatorAt(`${base}/content/application~1json/schema`);
      return !validate || validate(body) === true;
    },
    resolve: (schema) => resolveSchema(document, schema),
  };
}

const pointerSegment = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

function resolveRef(document: Json, node: Json): Json {
  let current = node;
  for (let depth = 0; current && typeof current.$ref === "string" && depth < 32; depth++) {
    const ref: string = current.$ref;
    if (!ref.startsWith("#/")) return current;
    current = ref
      .slice(2)
      .split("/")
      .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce<Json>((at, part) => at?.[part], document);
  }
  return current ?? {};
}

/** A schema with its $ref followed and a lone `allOf: [{$ref}]` (how TypeSpec writes a described reference) unwrapped. */
function resolveSchema(document: Json, schema: Json): Json {
  const resolved = resolveRef(document, schema);
  if (Array.isArray(resolved.allOf) && resolved.allOf.length === 1 && !resolved.type && !resolved.properties) {
    return resolveSchema(document, resolved.allOf[0]);
  }
  return resolved;
}

/** OpenAPI 3.0's `nullable: true` as JSON Schema's `type: [T, "null"]`, so one validator reads both versions. */
function nullableAsType(node: unknown): any {
  if (Array.isArray(node)) return node.map(nullableAsType);
  if (!node || typeof node !== "object") return node;
  const copy: Json = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, nullableAsType(value)]));
  if (copy.nullable === true && typeof copy.type === "string") copy.type = [copy.type, "null"];
  return copy;
}
