// An OpenAPI document given to createApp, read once at start-up into what the conventions act
// on: one OperationDescriptor per operation (as the build reads the package's own document
// into src/generated/operations.ts), with the validators of its request body and responses
// compiled by ajv from the document's own schemas. A document the server cannot serve
// faithfully is refused here, in one line naming the place: an operation without an
// operationId, a `$ref` that does not resolve, an x-signing-platform-* extension of the wrong
// shape, an error code no catalogue has. Nothing starts half-configured.
import { EXTENSIONS, readOperationExtensions, readRootExtensions } from "@signing-platform/contract";
import {
  appendPointer,
  BrokenRefError,
  followRef,
  isJsonObject,
  type Json,
  operationsOf,
  parametersOf,
  refsIn,
  resolveRef,
} from "@signing-platform/contract/openapi";
import { loadOpenApiDocument } from "@signing-platform/contract/openapi-loader";
import { errorCodeEntry } from "@signing-platform/types";
import { issuesFromAjvErrors } from "@signing-platform/validators";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { extensionProblem } from "../router/descriptor-checks.js";
import type { OperationDescriptor, ParameterSchema } from "../router/operation-descriptor.js";
import { registerOperationValidators, type SchemaValidator } from "../validation/schema-validators.js";

/** A parsed OpenAPI 3.1 document, or the path of one in YAML or JSON. */
export type OpenApiDocumentSource = Readonly<Record<string, unknown>> | string;

const compiledMark = Symbol("signing-platform.compiled-document");

/** Whether `value` is a document compiled by {@link compileDocument} (createApp compiles at the call and passes it on). */
export function isCompiledDocument(value: unknown): value is CompiledDocument {
  return isJsonObject(value) && compiledMark in value;
}

/** What the server reads from a document: its operations, and the server URL it names. */
export interface CompiledDocument {
  readonly [compiledMark]: true;
  readonly operations: readonly OperationDescriptor[];
  readonly baseUrl: string | undefined;
  /** An error code of the document's catalogue (x-signing-platform-catalogue), with its status; undefined without a catalogue or for a code it lacks. */
  readonly catalogueEntry: (code: string) => { status: number; condition?: string } | undefined;
}

/** Reads `source` (an object, or a YAML or JSON file) and compiles it; throws a one-line Error starting with `caller`. */
export function compileDocument(caller: string, source: OpenApiDocumentSource): CompiledDocument {
  const fail = (where: string, what: string): never => {
    throw new Error(`${caller}: document${where ? ` at ${where}` : ""}: ${what}`);
  };
  let document: unknown = source;
  if (typeof source === "string") {
    // Read as lint and diff read it: a split document bundled into one, a syntax error or a
    // $ref to nowhere refused in one line naming the file, the line and the column.
    try {
      document = loadOpenApiDocument(source).bundled().data;
    } catch (error) {
      fail("", (error as Error).message);
    }
  }
  if (!isJsonObject(document) || !isJsonObject(document.paths)) return fail("", "not an OpenAPI document: it has no `paths` object");
  const root = document;

  // Every $ref resolves, before anything reads through one (those in example data are data).
  for (const { ref, at } of refsIn(root)) {
    const where = at.slice(0, -"/$ref".length);
    try {
      followRef(root, { $ref: ref }, where);
    } catch (error) {
      if (!(error instanceof BrokenRefError)) throw error;
      fail(where, error.problem);
    }
  }
  const resolve = (node: unknown): Json => resolveRef(root, node) ?? {};

  const catalogue = readRootExtensions(root).catalogue?.errors;
  const catalogueCodes = catalogue?.map((entry) => entry.code);
  const catalogueEntries = new Map(
    (catalogue ?? []).flatMap((entry) => {
      const status = entry.status ?? entry.status_used_by_servers;
      return status === undefined || status === null
        ? []
        : [[entry.code, { status, ...(entry.condition !== undefined && { condition: entry.condition }) }] as const];
    }),
  );
  const knownCode = (code: string) => (catalogueCodes ? catalogueCodes.includes(code) : errorCodeEntry(code) !== undefined);

  // One ajv for the document: its schemas' $refs resolve inside it.
  const ajv = new Ajv2020.default({ strict: false, allErrors: true, verbose: true, messages: false, validateFormats: true });
  addFormats.default(ajv, { mode: "fast" });
  const documentId = "signing-platform-document.json";
  ajv.addSchema(root as object, documentId, undefined, false);
  /** The validator of the schema at `pointer` (URI fragment form), compiled where it is written. */
  const compile = (pointer: string): SchemaValidator => {
    const validate = ajv.compile({ $ref: `${documentId}${pointer}` });
    return (value) => (validate(value) ? { ok: true } : { ok: false, errors: issuesFromAjvErrors(validate.errors ?? [], value) });
  };

  const operations: OperationDescriptor[] = [];
  const seen = new Map<string, string>();
  for (const declared of operationsOf(root)) {
    const { path, method, operation, pointer } = declared;
    const place = `${method.toUpperCase()} ${path}`;
    const { operationId } = operation;
    if (typeof operationId !== "string" || operationId === "") fail(place, "the operation has no operationId");
    const id = operationId as string;
    if (seen.has(id)) fail(place, `operationId ${id} is also the id of ${seen.get(id)}`);
    seen.set(id, place);
    if (!isJsonObject(operation.responses)) fail(place, "the operation has no responses");

    const problem = extensionProblem((_kind, name) => ({ present: name in operation, value: operation[name] }));
    if (problem) fail(`${place} ${problem.split(": ")[0]}`, problem.slice(problem.indexOf(": ") + 2));
    if (EXTENSIONS.errors in operation) {
      const codes = operation[EXTENSIONS.errors];
      if (!Array.isArray(codes) || codes.some((code) => typeof code !== "string"))
        fail(`${place} ${EXTENSIONS.errors}`, "must be a list of error codes");
      for (const code of codes as string[]) {
        if (!knownCode(code))
          fail(
            `${place} ${EXTENSIONS.errors}`,
            `${code} is not an error code of the ${catalogueCodes ? "document's catalogue" : "catalogue"}`,
          );
      }
    }
    const extensions = readOperationExtensions(operation);

    const parameters = parametersOf(root, declared).map(({ parameter }) => ({
      name: String(parameter.name),
      in: parameter.in as "path" | "query" | "header" | "cookie",
      required: parameter.required === true,
      schema: plainSchema(resolve(parameter.schema)),
    }));
    const routeParameters = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    for (const name of routeParameters) {
      if (!parameters.some((parameter) => parameter.in === "path" && parameter.name === name))
        fail(place, `the path parameter ${name} is not declared`);
    }

    const body = operation.requestBody === undefined ? null : resolve(operation.requestBody);
    const bodyContent = body && isJsonObject(body.content) ? body.content : {};
    const responses: Record<string, { body: boolean; headers: string[] }> = {};
    const responseValidators: Record<string, SchemaValidator> = {};
    for (const [status, written] of Object.entries(operation.responses as Json)) {
      // Compiled where the response is written, so that its schema's $refs resolve from there.
      const { node: response, pointer: responsePointer } = followRef(root, written, appendPointer(pointer, "responses", status));
      const content = isJsonObject(response) && isJsonObject(response.content) ? response.content : {};
      const json = isJsonObject(content["application/json"]) ? content["application/json"] : undefined;
      responses[status] = {
        body: json !== undefined,
        headers: Object.entries(isJsonObject(response) && isJsonObject(response.headers) ? response.headers : {})
          .filter(([, header]) => resolve(header).required === true)
          .map(([name]) => name),
      };
      if (json?.schema !== undefined)
        responseValidators[status] = compile(appendPointer(responsePointer, "content", "application/json", "schema"));
    }
    const jsonBody = isJsonObject(bodyContent["application/json"]) ? bodyContent["application/json"] : undefined;

    const descriptor: OperationDescriptor = {
      operationId: id,
      method: method.toUpperCase() as OperationDescriptor["method"],
      path,
      routePath: path.replace(/\{([^}]+)\}/g, ":$1"),
      summary: typeof operation.summary === "string" ? operation.summary : "",
      parameters,
      requestBody: body ? { required: body.required === true, mediaTypes: Object.keys(bodyContent) } : null,
      responses,
      errorCodes: extensions.errors ?? [],
      idempotency: extensions.idempotency ?? null,
      pagination: extensions.pagination ?? null,
      conditionalRequest: extensions.conditionalRequest ?? null,
    };
    registerOperationValidators(descriptor, {
      ...(jsonBody?.schema !== undefined && {
        requestBody: compile(
          appendPointer(
            followRef(root, operation.requestBody, appendPointer(pointer, "requestBody")).pointer,
            "content",
            "application/json",
            "schema",
          ),
        ),
      }),
      responses: responseValidators,
    });
    operations.push(descriptor);
  }
  const servers = root.servers;
  const url = Array.isArray(servers) && isJsonObject(servers[0]) && typeof servers[0].url === "string" ? servers[0].url : undefined;
  return {
    [compiledMark]: true,
    operations: operations.sort((a, b) => a.operationId.localeCompare(b.operationId)),
    baseUrl: url,
    catalogueEntry: (code) => catalogueEntries.get(code),
  };
}

/** Parameter schemas are flat (type, bounds, pattern, default), as the build reads the package's own. */
function plainSchema(schema: Json): ParameterSchema {
  const keep = ["type", "format", "minimum", "maximum", "default", "pattern", "minLength", "maxLength", "enum"];
  return Object.fromEntries(keep.filter((key) => schema[key] !== undefined).map((key) => [key, schema[key]])) as ParameterSchema;
}
