// What an operation's document says of its wire format: which of its request body's media
// types the SDK sends (multipart where it carries a file, else JSON, a form, multipart, the first), how its parameters
// and body properties are styled, and whether its success body is JSON, text or bytes. Both
// SDKs pass the result to their runtime with each call (the TypeScript runtime's
// serialize/wire-format.ts, the Python runtime's _wire.py).
import type { ParameterFormat, ParameterStyle, PropertyEncoding, WireFormat } from "@signing-platform/client";
import { resolveRef } from "@signing-platform/contract/openapi";
import type { OpenApiDocument } from "./load-document.js";
import { operationStream, streamedTypes, type OperationStream } from "./stream-model.js";

type Node = Record<string, unknown>;

/** How a body is written: JSON, a form, multipart, text, or bytes of any other type. */
export type BodyKind = "json" | "form" | "multipart" | "text" | "binary";
/** How a success body is read; "stream" when it is only ever a stream of events; "none" when success has none. */
export type ResponseKind = "json" | "text" | "binary" | "stream" | "none";

export interface OperationWire {
  /** The media type the SDK sends, and its schema. */
  request: { mediaType: string; kind: BodyKind; schema: Node | undefined } | undefined;
  response: ResponseKind;
  /** The streamed success, when the response offers one (alone, or beside a body read whole). */
  stream: OperationStream | undefined;
  /** What the runtime needs beyond JSON and the default styles; empty when nothing. */
  wire: WireFormat;
}

const STYLES = new Set<ParameterStyle>(["form", "spaceDelimited", "pipeDelimited", "deepObject", "simple", "label", "matrix"]);
const DEFAULT_STYLE: Record<string, ParameterStyle> = { query: "form", path: "simple", header: "simple", cookie: "form" };

export const isJsonMedia = (type: string) => /^application\/(.+\+)?json(;|$)|^[^/]+\/[^;]*\+json(;|$)|^\*\/\*$/i.test(type.trim());

export function bodyKind(mediaType: string): BodyKind {
  if (isJsonMedia(mediaType)) return "json";
  if (/^application\/x-www-form-urlencoded/i.test(mediaType)) return "form";
  if (/^multipart\//i.test(mediaType)) return "multipart";
  if (/^text\//i.test(mediaType)) return "text";
  return "binary";
}

/** Whether a schema is a file the SDK sends as bytes: `format: binary`. */
export const isFileSchema = (document: OpenApiDocument, schema: unknown): boolean =>
  resolveRef(document, schema, "schema")?.format === "binary";

/** Whether a body schema has a file among its properties: as one, a list of them, or an alternative. */
function holdsFile(document: OpenApiDocument, schema: unknown): boolean {
  const isFile = (value: unknown, depth: number): boolean => {
    const resolved = resolveRef(document, value, "requestBody");
    if (!resolved || depth > 3) return false;
    if (isFileSchema(document, resolved)) return true;
    const alternatives = [...((resolved.oneOf ?? []) as unknown[]), ...((resolved.anyOf ?? []) as unknown[])];
    return isFile(resolved.items, depth + 1) || alternatives.some((alternative) => isFile(alternative, depth + 1));
  };
  const properties = (resolveRef(document, schema, "requestBody")?.properties ?? {}) as Node;
  return Object.values(properties).some((property) => isFile(property, 0));
}

/**
 * JSON, else a form, else multipart, else the first the document lists; but multipart first
 * where it carries a file, which JSON cannot (OpenAI's `POST /skills` offers both).
 */
export function chosenMediaType(document: OpenApiDocument, content: Node | undefined): string | undefined {
  const types = Object.keys(content ?? {});
  const multipart = types.find((type) => bodyKind(type) === "multipart");
  if (multipart !== undefined && holdsFile(document, (content?.[multipart] as Node | undefined)?.schema)) return multipart;
  return (
    types.find(isJsonMedia) ??
    types.find((type) => bodyKind(type) === "form") ??
    types.find((type) => bodyKind(type) === "multipart") ??
    types[0]
  );
}

function parameterFormat(parameter: Node): ParameterFormat | undefined {
  const location = String(parameter.in);
  const fallback = DEFAULT_STYLE[location];
  if (fallback === undefined) return undefined;
  // A parameter with `content` instead of a schema is sent as that media type: JSON text.
  if (Object.keys((parameter.content as Node | undefined) ?? {}).some(isJsonMedia))
    return { style: fallback, explode: fallback === "form", json: true };
  const style = STYLES.has(parameter.style as ParameterStyle) ? (parameter.style as ParameterStyle) : fallback;
  const explode = typeof parameter.explode === "boolean" ? parameter.explode : style === "form";
  // Only a query parameter may allow reserved characters (OpenAPI 3, Parameter Object).
  if (location === "query" && parameter.allowReserved === true) return { style, explode, allowReserved: true };
  return style === fallback && explode === (fallback === "form") ? undefined : { style, explode };
}

function encodingOf(media: Node | undefined): Record<string, PropertyEncoding> | undefined {
  const encoding = (media?.encoding ?? {}) as Record<string, Node>;
  const entries = Object.entries(encoding).map(([name, entry]) => {
    const value: PropertyEncoding = {};
    if (STYLES.has(entry.style as ParameterStyle)) value.style = entry.style as ParameterStyle;
    if (typeof entry.explode === "boolean") value.explode = entry.explode;
    if (typeof entry.contentType === "string") value.contentType = entry.contentType;
    return [name, value] as const;
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function successContent(document: OpenApiDocument, operation: Node, where: string): Node | "none" | undefined {
  const responses = (operation.responses ?? {}) as Node;
  const success = Object.keys(responses)
    .filter((status) => /^2(\d\d|XX)$/i.test(status))
    .sort()[0];
  if (success === undefined) return undefined;
  const response = resolveRef(document, responses[success], `${where} › responses › ${success}`);
  const content = response?.content as Node | undefined;
  return content && Object.keys(content).length > 0 ? content : "none";
}

/**
 * Whether an optional body can carry nothing: an object schema without properties that allows
 * no others, as Stripe's documents give each GET and DELETE. Such an operation takes no body.
 */
export function carriesNothing(document: OpenApiDocument, requestBody: Node | undefined, where: string): boolean {
  if (!requestBody || requestBody.required === true) return false;
  const content = requestBody.content as Node | undefined;
  const mediaType = chosenMediaType(document, content);
  const media = mediaType === undefined ? undefined : (content?.[mediaType] as Node | undefined);
  const schema = resolveRef(document, media?.schema, `${where} › requestBody`);
  return (
    schema !== undefined &&
    schema.additionalProperties === false &&
    Object.keys((schema.properties as Node | undefined) ?? {}).length === 0 &&
    schema.allOf === undefined &&
    schema.anyOf === undefined &&
    schema.oneOf === undefined
  );
}

export function operationWire(
  document: OpenApiDocument,
  operation: Node,
  parameters: Node[],
  requestBody: Node | undefined,
  where: string,
): OperationWire {
  const wire: WireFormat = {};
  for (const parameter of parameters) {
    const format = parameterFormat(parameter);
    if (!format) continue;
    const location = parameter.in as "query" | "path" | "header" | "cookie";
    ((wire.parameters ??= {})[location] ??= {})[String(parameter.name)] = format;
  }
  const content = requestBody?.content as Node | undefined;
  const mediaType = chosenMediaType(document, content);
  let request: OperationWire["request"];
  if (mediaType !== undefined) {
    const media = content?.[mediaType] as Node | undefined;
    const kind = bodyKind(mediaType);
    request = { mediaType, kind, schema: media?.schema as Node | undefined };
    if (kind !== "json") {
      const encoding = encodingOf(media);
      wire.body = { mediaType, ...(encoding ? { encoding } : {}) };
    }
  }
  const success = successContent(document, operation, where);
  let response: ResponseKind = success === "none" || success === undefined ? "none" : "json";
  let stream: OperationStream | undefined;
  if (success && success !== "none") {
    stream = operationStream(document, success, request?.schema);
    const streamed = new Set(streamedTypes(success));
    // The body read whole is chosen among the types that are not streams, as before there were any.
    const types = Object.keys(success).filter((type) => !streamed.has(type));
    if (types.length === 0) {
      response = "stream";
      // How an answer that is not a stream after all is read: as text, or as bytes.
      wire.parseAs = [...streamed].every((type) => /^text\//i.test(type)) ? "text" : "blob";
    } else if (!types.some(isJsonMedia)) {
      response = types.every((type) => /^text\//i.test(type)) ? "text" : "binary";
      wire.parseAs = response === "text" ? "text" : "blob";
    }
    if (stream) {
      wire.stream = stream.format;
      wire.accept = Object.keys(success).join(", ");
    } else if (response !== "json") wire.accept = types.join(", ");
  }
  return { request, response, stream, wire };
}
