// Example arguments of an operation, made from the document (its examples, else values its
// schemas accept: examples.ts): the SDK's README and the request samples of the API
// reference show the same calls.
import { resolveRef } from "./document-refs.js";
import { exampleOf } from "./examples.js";
import type { OpenApiDocument } from "./load-document.js";
import type { SdkOperation } from "./sdk-model.js";

type Node = Record<string, unknown>;

/** A value as TypeScript source, indented to sit in a call. */
export const literal = (value: unknown) => JSON.stringify(value, null, 2).replace(/\n/g, "\n  ");

export const parameterExample = (document: OpenApiDocument, operation: SdkOperation, parameter: Node | undefined) =>
  parameter?.example ?? exampleOf(document, parameter?.schema, operation.path);

/** The required query parameters with example values: `{ origin: "…", date: "…" }`. */
export function queryExample(document: OpenApiDocument, operation: SdkOperation): string {
  const required = operation.parameters.filter((parameter) => parameter.in === "query" && parameter.required === true);
  return literal(Object.fromEntries(required.map((parameter) => [parameter.name, parameterExample(document, operation, parameter)])));
}

export function pathArgument(document: OpenApiDocument, operation: SdkOperation, name: string): string {
  const parameter = operation.parameters.find((candidate) => candidate.in === "path" && candidate.name === name);
  const value = parameterExample(document, operation, parameter);
  return JSON.stringify(typeof value === "number" ? value : typeof value === "string" && value !== "string" ? value : `${name}_123`);
}

export function bodyExample(document: OpenApiDocument, operation: SdkOperation): unknown {
  const content = (operation.requestBody?.content ?? {}) as Record<string, Node>;
  const media = content[Object.keys(content).find((type) => /json/i.test(type))!] ?? {};
  const named = Object.values((media.examples ?? {}) as Record<string, Node>).map(
    (example) => resolveRef(document, example, operation.path)?.value,
  );
  return media.example ?? named.find((value) => value !== undefined) ?? exampleOf(document, media.schema, operation.path) ?? {};
}

/** The call of an operation with example arguments: `sdk.certificates.retrieve("cert_123")`. */
export function exampleCall(document: OpenApiDocument, operation: SdkOperation, query?: string): string {
  const args = operation.pathParameters.map(({ name }) => pathArgument(document, operation, name));
  if (operation.body !== "none") args.push(literal(bodyExample(document, operation)));
  else if (query) args.push(query);
  return `sdk.${operation.resource}.${operation.methodName}(${args.join(", ")})`;
}
