// What an operation's document says of a streamed success: the streamed media types it offers
// (@signing-platform/client's list), what the runtime needs to type each event (the
// discriminator of the event schema, with the values its members name, and the SSE event types
// an OpenAPI 3.2 `itemSchema` names), and whether the request body asks for the stream with a
// `stream` property (OpenAI's convention: `stream: true`). An `itemSchema` describes one item of
// the sequence: for JSON Lines and JSON sequences the record, which is the event; for
// server-sent events the event itself (`event`, `data`, `id`, `retry`), whose `data` is a string
// that `contentMediaType` and `contentSchema` say holds JSON: the SDKs' event is that JSON.
import type { StreamFormat } from "@signing-platform/client";
import { STREAM_MEDIA_TYPES, streamFraming } from "@signing-platform/client";
import { resolveRef } from "@signing-platform/contract/openapi";
import { singleValue } from "./discriminator-mappings.js";
import type { OpenApiDocument } from "./load-document.js";

type Node = Record<string, unknown>;

export interface OperationStream {
  /** The streamed media types the success response offers, as the document lists them. */
  mediaTypes: string[];
  /** The request body has a `stream` property, with which a call asks for the stream. */
  requestFlag: boolean;
  /** What the runtime is told of the events. */
  format: StreamFormat;
  /** The schema of each event: the first streamed type's (mediaEvents); undefined when it has none. */
  eventSchema: Node | undefined;
}

/** What a streamed media type says of its events: their schema, and the SSE event types besides `message` it names. */
export interface MediaEvents {
  schema: Node | undefined;
  events: string[];
}

/** The streamed media types of a success response's content. */
export const streamedTypes = (content: Node): string[] => Object.keys(content).filter((type) => streamFraming(type) !== undefined);

/** The discriminator of an event schema (an OpenAPI 3.2 `itemSchema`, else the `schema`), with every value its members name. */
function discriminatorOf(document: OpenApiDocument, schema: unknown): StreamFormat["discriminator"] {
  const resolved = resolveRef(document, schema, "event stream");
  const discriminator = resolved?.discriminator as Node | undefined;
  const members = (resolved?.oneOf ?? resolved?.anyOf) as unknown[] | undefined;
  if (!discriminator || typeof discriminator.propertyName !== "string") return undefined;
  const property = discriminator.propertyName;
  const values = new Set(Object.keys((discriminator.mapping as Node | undefined) ?? {}));
  for (const member of members ?? []) {
    const value = singleValue(document, member, property);
    if (value !== undefined) values.add(value);
  }
  return values.size > 0 ? { property, values: [...values] } : undefined;
}

/**
 * How the README tells one event from the others: the event schema's discriminator and the
 * value its first member names for it, which narrows the event to that member's type.
 */
export function eventNarrowing(document: OpenApiDocument, eventSchema: unknown): { property: string; value: string } | undefined {
  const resolved = resolveRef(document, eventSchema, "event stream");
  const property = (resolved?.discriminator as Node | undefined)?.propertyName;
  if (typeof property !== "string") return undefined;
  for (const member of ((resolved?.oneOf ?? resolved?.anyOf) as unknown[] | undefined) ?? []) {
    const value = singleValue(document, member, property);
    if (value !== undefined) return { property, value };
  }
  return undefined;
}

/** Whether a request body schema has a `stream` property, directly or through its `allOf` parts. */
function hasStreamProperty(document: OpenApiDocument, schema: unknown, depth = 0): boolean {
  const resolved = resolveRef(document, schema, "requestBody");
  if (!resolved || depth > 4) return false;
  if (Object.hasOwn((resolved.properties as Node | undefined) ?? {}, "stream")) return true;
  return ((resolved.allOf ?? []) as unknown[]).some((part) => hasStreamProperty(document, part, depth + 1));
}

/** The string values a schema allows: its `const`, else its `enum`'s strings. */
function stringValues(document: OpenApiDocument, schema: unknown): string[] {
  const resolved = resolveRef(document, schema, "event stream");
  const values = resolved?.const !== undefined ? [resolved.const] : Array.isArray(resolved?.enum) ? resolved.enum : [];
  return values.filter((value): value is string => typeof value === "string");
}

/**
 * The JSON an SSE event's `data` holds: its `contentSchema` (with `contentMediaType` JSON),
 * else the schema itself where it describes more than a string (as ASP.NET Core writes
 * `data: { $ref }`); undefined for data the document leaves a string.
 */
function dataSchema(document: OpenApiDocument, data: unknown): Node | undefined {
  const resolved = resolveRef(document, data, "event stream");
  if (!resolved) return undefined;
  if (resolved.contentSchema !== undefined) return resolved.contentSchema as Node;
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  return types.length === 1 && types[0] === "string" ? undefined : (data as Node);
}

/** The events of an SSE `itemSchema`: the data of each of its alternatives (or of itself), and the `event` values they name. */
function sseItemEvents(document: OpenApiDocument, itemSchema: unknown): MediaEvents {
  const item = resolveRef(document, itemSchema, "event stream") ?? {};
  const alternatives = (item.oneOf ?? item.anyOf ?? []) as unknown[];
  const parts = alternatives.length > 0 ? alternatives.map((part) => resolveRef(document, part, "event stream") ?? {}) : [item];
  const schemas: Node[] = [];
  const events = new Set<string>();
  for (const part of parts) {
    const properties = { ...((item.properties as Node | undefined) ?? {}), ...((part.properties as Node | undefined) ?? {}) };
    const data = dataSchema(document, properties.data);
    if (data !== undefined && !schemas.includes(data)) schemas.push(data);
    for (const event of stringValues(document, properties.event)) if (event !== "message") events.add(event);
  }
  return { schema: schemas.length > 1 ? { oneOf: schemas } : schemas[0], events: [...events] };
}

/** The events of a streamed media type: its OpenAPI 3.2 `itemSchema` (for SSE, its data's), else its `schema`. */
export function mediaEvents(document: OpenApiDocument, mediaType: string, media: Node | undefined): MediaEvents {
  if (media?.itemSchema === undefined) return { schema: media?.schema as Node | undefined, events: [] };
  if (streamFraming(mediaType) === "sse") return sseItemEvents(document, media.itemSchema);
  return { schema: media.itemSchema as Node, events: [] };
}

/** The streamed success of an operation, or undefined when its success offers no stream. */
export function operationStream(document: OpenApiDocument, content: Node, requestSchema: unknown): OperationStream | undefined {
  const mediaTypes = streamedTypes(content);
  if (mediaTypes.length === 0) return undefined;
  const { schema: eventSchema, events } = mediaEvents(document, mediaTypes[0]!, content[mediaTypes[0]!] as Node | undefined);
  const discriminator = discriminatorOf(document, eventSchema);
  return {
    mediaTypes,
    requestFlag: requestSchema !== undefined && hasStreamProperty(document, requestSchema),
    format: { ...(discriminator ? { discriminator } : {}), ...(events.length > 0 ? { events } : {}) },
    eventSchema,
  };
}

/**
 * The document with each streamed media type's OpenAPI 3.2 `itemSchema` given as the `schema`
 * of its events (mediaEvents), in place: openapi-typescript, which reads `schema` only, then
 * types the events of StreamEventOf as the Python SDK does.
 */
export function withItemSchemasAsEvents(document: OpenApiDocument): void {
  const responses: unknown[] = Object.values((document.components as Node | undefined)?.responses ?? {});
  for (const item of Object.values(document.paths ?? {}))
    for (const operation of Object.values(item ?? {}))
      if (operation && typeof operation === "object") responses.push(...Object.values(((operation as Node).responses as Node) ?? {}));
  for (const response of responses) {
    const content = (response as Node | undefined)?.content as Record<string, Node> | undefined;
    for (const mediaType of streamedTypes(content ?? {})) {
      const media = content![mediaType]!;
      if (media.itemSchema === undefined) continue;
      const { schema } = mediaEvents(document, mediaType, media);
      delete media.itemSchema;
      if (schema !== undefined) media.schema = schema;
    }
  }
}

/**
 * Whether a call chooses between the stream and the body read whole by its request body's
 * `stream` property (OpenAI's): the success offers both, and the body has the property.
 */
export const streamChosenByFlag = (operation: { stream: OperationStream | undefined; response: string; body: string }): boolean =>
  operation.stream?.requestFlag === true && operation.response !== "stream" && operation.body !== "none";

/**
 * The operation the SDKs' READMEs stream with: the first whose call surely gives the stream (it
 * offers nothing else, or its body's `stream` asks for it), else the first that streams, whose
 * call gives the stream or the body read whole as the server answers (`either`).
 */
export function readmeStreamOperation<Operation extends { stream: OperationStream | undefined; response: string; body: string }>(
  operations: readonly Operation[],
): { operation: Operation; either: boolean } | undefined {
  const sure = operations.find((operation) => operation.stream && (operation.response === "stream" || streamChosenByFlag(operation)));
  const operation = sure ?? operations.find((operation) => operation.stream !== undefined);
  return operation && { operation, either: sure === undefined };
}

/** How each streamed media type frames its events (@signing-platform/client's list), for a runtime that cannot import it. */
export const streamFramings = (): Record<string, string> =>
  Object.fromEntries(STREAM_MEDIA_TYPES.map((mediaType) => [mediaType, streamFraming(mediaType)!]));
