// What an operation's document says of a streamed success: the streamed media types it offers
// (@signing-platform/client's list), what the runtime needs to type each event (the
// discriminator of the event schema, with the values its members name), and whether the request
// body asks for the stream with a `stream` property (OpenAI's convention: `stream: true`).
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
  /** The schema of each event: the first streamed type's OpenAPI 3.2 `itemSchema`, else its `schema`; undefined when it has neither. */
  eventSchema: Node | undefined;
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

/** Whether a request body schema has a `stream` property, directly or through its `allOf` parts. */
function hasStreamProperty(document: OpenApiDocument, schema: unknown, depth = 0): boolean {
  const resolved = resolveRef(document, schema, "requestBody");
  if (!resolved || depth > 4) return false;
  if (Object.hasOwn((resolved.properties as Node | undefined) ?? {}, "stream")) return true;
  return ((resolved.allOf ?? []) as unknown[]).some((part) => hasStreamProperty(document, part, depth + 1));
}

/** The streamed success of an operation, or undefined when its success offers no stream. */
export function operationStream(document: OpenApiDocument, content: Node, requestSchema: unknown): OperationStream | undefined {
  const mediaTypes = streamedTypes(content);
  if (mediaTypes.length === 0) return undefined;
  const media = content[mediaTypes[0]!] as Node | undefined;
  const eventSchema = (media?.itemSchema ?? media?.schema) as Node | undefined;
  const discriminator = discriminatorOf(document, eventSchema);
  return {
    mediaTypes,
    requestFlag: requestSchema !== undefined && hasStreamProperty(document, requestSchema),
    format: discriminator ? { discriminator } : {},
    eventSchema,
  };
}

/**
 * Whether a call chooses between the stream and the body read whole by its request body's
 * `stream` property (OpenAI's): the success offers both, and the body has the property.
 */
export const streamChosenByFlag = (operation: { stream: OperationStream | undefined; response: string; body: string }): boolean =>
  operation.stream?.requestFlag === true && operation.response !== "stream" && operation.body !== "none";

/** How each streamed media type frames its events (@signing-platform/client's list), for a runtime that cannot import it. */
export const streamFramings = (): Record<string, string> =>
  Object.fromEntries(STREAM_MEDIA_TYPES.map((mediaType) => [mediaType, streamFraming(mediaType)!]));
