// Example arguments of an operation, made from the document (its examples, else values its
// schemas accept: examples.ts): the SDK's README and the request samples of the API
// reference show the same calls.
import { resolveRef } from "@signing-platform/contract/openapi";
import { conformTo, exampleOf } from "./examples.js";
import type { OpenApiDocument } from "./load-document.js";
import type { SdkOperation } from "./sdk-model.js";
import { isFileSchema } from "./wire-model.js";

type Node = Record<string, unknown>;

/** A value as TypeScript source, indented to sit in a call. */
export const literal = (value: unknown) => JSON.stringify(value, null, 2).replace(/\n/g, "\n  ");

export const parameterExample = (document: OpenApiDocument, operation: SdkOperation, parameter: Node | undefined) =>
  parameter?.example !== undefined
    ? conformTo(document, parameter.schema, parameter.example, operation.path)
    : exampleOf(document, parameter?.schema, operation.path);

/** The required query parameters with example values: `{ origin: "…", date: "…" }`. */
export function queryExample(document: OpenApiDocument, operation: SdkOperation): string {
  const required = operation.parameters.filter((parameter) => parameter.in === "query" && parameter.required === true);
  return literal(Object.fromEntries(required.map((parameter) => [parameter.name, parameterExample(document, operation, parameter)])));
}

export function pathArgument(document: OpenApiDocument, operation: SdkOperation, name: string): string {
  const parameter = operation.parameters.find((candidate) => candidate.in === "path" && candidate.name === name);
  const value = parameterExample(document, operation, parameter);
  // A list or an object (a path parameter of style simple, label or matrix) is given as one.
  if (value !== null && typeof value === "object") return JSON.stringify(value);
  // "string", the placeholder of a string schema, reads better as `petId_123`, unless a pattern or a length bound holds it.
  const schema = resolveRef(document, parameter?.schema, operation.path);
  const bound = schema?.pattern !== undefined || schema?.maxLength !== undefined;
  return JSON.stringify(typeof value === "number" || (typeof value === "string" && (value !== "string" || bound)) ? value : `${name}_123`);
}

/** Stands for a file in an example body: each language writes its own (`new Blob([…])`, `b"..."`). */
export const FILE_EXAMPLE = "\u0000file\u0000";

/** A multipart body's example with its files (`format: binary`, or lists of them) as FILE_EXAMPLE. */
function withFiles(document: OpenApiDocument, operation: SdkOperation, example: unknown): unknown {
  const schema = resolveRef(document, operation.request?.schema, operation.path);
  if (operation.request?.kind !== "multipart" || !example || typeof example !== "object" || Array.isArray(example)) return example;
  const properties = (schema?.properties ?? {}) as Record<string, Node>;
  const files = Object.fromEntries(
    Object.entries(properties).flatMap(([name, value]): Array<[string, unknown]> => {
      // A file, or a list of files, or either (OpenAI's `files`: the first alternative).
      const resolved = resolveRef(document, value, name);
      const alternatives = (resolved?.oneOf ?? resolved?.anyOf) as unknown[] | undefined;
      const property = Array.isArray(alternatives) && alternatives.length > 0 ? alternatives[0] : value;
      if (isFileSchema(document, property)) return [[name, FILE_EXAMPLE]];
      const items = resolveRef(document, property, name)?.items;
      return items && isFileSchema(document, items) ? [[name, [FILE_EXAMPLE]]] : [];
    }),
  );
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  const kept = Object.fromEntries(Object.entries(files).filter(([name]) => name in (example as Node) || required.has(name)));
  return { ...(example as Node), ...kept };
}

export function bodyExample(document: OpenApiDocument, operation: SdkOperation): unknown {
  return withFiles(document, operation, documentedBody(document, operation));
}

function documentedBody(document: OpenApiDocument, operation: SdkOperation): unknown {
  const content = (operation.requestBody?.content ?? {}) as Record<string, Node>;
  // The media type the SDK sends (wire-model.ts), else the first JSON one.
  const mediaType = operation.request?.mediaType ?? Object.keys(content).find((type) => /json/i.test(type))!;
  const media = content[mediaType] ?? {};
  const named = Object.values((media.examples ?? {}) as Record<string, Node>).map(
    (example) => resolveRef(document, example, operation.path)?.value,
  );
  const documented = media.example ?? named.find((value) => value !== undefined);
  if (documented !== undefined) return conformTo(document, media.schema, documented, operation.path);
  // A JSON body may leave out its properties with a default (response-defaults.ts): the example does.
  return exampleOf(document, media.schema, operation.path, 0, !/json/i.test(mediaType ?? "")) ?? {};
}

/**
 * The example body of a call that asks for the stream: with `stream: true` where the body has a
 * `stream` property (stream-model.ts), which the overloads of such a method require.
 */
export function streamedBodyExample(document: OpenApiDocument, operation: SdkOperation): unknown {
  const body = bodyExample(document, operation);
  const object = body !== null && typeof body === "object" && !Array.isArray(body);
  return operation.stream?.requestFlag && object ? { ...(body as Node), stream: true } : body;
}

/**
 * The call of an operation with example arguments: `sdk.certificates.retrieve("cert_123")`;
 * `streamed`, the call that asks for its stream.
 */
export function exampleCall(document: OpenApiDocument, operation: SdkOperation, query?: string, streamed = false): string {
  const args = operation.pathParameters.map(({ name }) => pathArgument(document, operation, name));
  if (operation.request?.kind === "binary") args.push('new Blob(["…"])');
  else if (operation.request?.kind === "text") args.push(JSON.stringify(String(bodyExample(document, operation) ?? "…")));
  else if (operation.body !== "none") {
    const body = streamed ? streamedBodyExample(document, operation) : bodyExample(document, operation);
    // A documented `null` for a body that may be left out (GitHub's security-product toggle): left out.
    if (body !== null || operation.body === "required")
      args.push(literal(body).replaceAll(JSON.stringify(FILE_EXAMPLE), 'new Blob(["…"])'));
  } else if (query) args.push(query);
  return `sdk.${operation.resource}.${operation.methodName}(${args.join(", ")})`;
}
