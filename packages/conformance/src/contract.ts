// What the document promises, as the checks need it: each operation with its parameters,
// body and responses, the x-signing-platform-* extensions (read by the client runtime's
// describeApi, the same reading every SDK makes), the header names and the error catalogue,
// and a validator for each response schema (ajv, compiled from the document on first use).
import { describeApi, type ApiConventions, type OperationExtensions } from "@signing-platform/client";
import { readRootExtensions } from "@signing-platform/contract";
import {
  appendPointer,
  followRef,
  type Json,
  type OpenApiOperation,
  operationsOf,
  parametersOf,
  resolvePointer,
  resolveRef,
} from "@signing-platform/contract/openapi";
import { issuesFromAjvErrors, type ValidationIssue } from "@signing-platform/validators";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  schema: Json;
}

export interface Operation {
  /** Where the operation is written in the document: `#/paths/~1certificates/get`. */
  pointer: string;
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
  /** Resolves a local $ref (and `allOf` of one), for building values; `{}` for what is no schema. */
  resolve(schema: Json): Json;
}

export type ResponseValidation =
  | { ok: true }
  | { ok: false; undeclaredStatus: true }
  | { ok: false; undeclaredStatus: false; issues: ValidationIssue[] };

/** What the checks know of one operation the document declares, its parameters merged from its path item as OpenAPI says. */
function readOperation(document: Json, api: ReturnType<typeof describeApi>, declared: OpenApiOperation): Operation {
  const { path, method, operation, pointer } = declared;
  const body = resolveRef(document, operation.requestBody, appendPointer(pointer, "requestBody"));
  const jsonBody = body?.content?.["application/json"]?.schema as Json | undefined;
  return {
    pointer,
    path,
    method,
    operationId: operation.operationId,
    parameters: parametersOf(document, declared).map(({ parameter }) => ({
      name: parameter.name,
      in: parameter.in,
      required: parameter.required === true,
      schema: parameter.schema ?? {},
    })),
    body: jsonBody ? { schema: jsonBody, required: body?.required === true } : null,
    statuses: Object.keys(operation.responses ?? {}),
    extensions: api.operations[path]?.[method] ?? {},
    secured: (operation.security ?? document.security ?? []).some((requirement: Json) => Object.keys(requirement).length > 0),
  };
}

export function readContract(document: Json): Contract {
  const api = describeApi(document);
  const operations = operationsOf(document).map((declared) => readOperation(document, api, declared));

  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema(document.openapi?.startsWith("3.0") ? nullableAsType(document) : document, "openapi");
  const validators = new Map<string, ValidateFunction | null>();
  /** The validator of the schema at `pointer` (URI fragment form). */
  const validatorAt = (pointer: string) => {
    if (!validators.has(pointer)) validators.set(pointer, ajv.getSchema(`openapi${pointer}`) ?? null);
    return validators.get(pointer) ?? null;
  };

  // A template matches a path of as many segments, each equal or a `{parameter}`; a literal
  // segment wins over a parameter where two templates match (OpenAPI: Path Templating).
  const templates = operations.map((operation) => ({ operation, segments: operation.path.split("/") }));
  const matches = (segments: string[], path: string[]) =>
    segments.length === path.length &&
    segments.every((segment, index) => (/^\{[^}]+\}$/.test(segment) ? path[index] !== "" : segment === path[index]));
  const { headers } = readRootExtensions(document);
  /** The operation object as the document writes it. */
  const writtenIn = (operation: Operation) => resolvePointer(document, operation.pointer) as Json;

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
      const response = writtenIn(operation).responses[key];
      // The schema is compiled where it is written, so that its own $refs resolve from there.
      const declared = followRef(document, response, appendPointer(operation.pointer, "responses", key));
      const content = (declared.node as Json).content ?? {};
      const media = Object.keys(content);
      if (media.length === 0 || body === undefined) return { ok: true };
      const type = media.find((name) => contentType?.startsWith(name)) ?? media.find((name) => name.includes("json"));
      if (!type || !content[type].schema) return { ok: true };
      const validate = validatorAt(appendPointer(declared.pointer, "content", type, "schema"));
      if (!validate || validate(body)) return { ok: true };
      return { ok: false, undeclaredStatus: false, issues: issuesFromAjvErrors(validate.errors ?? [], body) };
    },
    acceptsRequestBody(operation, body) {
      const requestBody = writtenIn(operation).requestBody;
      if (!requestBody) return true;
      const declared = followRef(document, requestBody, appendPointer(operation.pointer, "requestBody"));
      const validate = validatorAt(appendPointer(declared.pointer, "content", "application/json", "schema"));
      return !validate || validate(body) === true;
    },
    resolve: (schema) => resolveSchema(document, schema),
  };
}

/** A schema with its $ref followed and a lone `allOf: [{$ref}]` (how TypeSpec writes a described reference) unwrapped. */
function resolveSchema(document: Json, schema: Json): Json {
  const resolved = resolveRef(document, schema) ?? {};
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
