// An event of any type of the catalogue, for a type no flow of the platform emits (a type
// added to the spec emits nothing until a flow does): its data made from the schema the
// document gives the type's webhook (schema-value.ts), in the envelope every event has
// (@signing-platform/contract), and validated as a receiver validates it before it is sent.
import { createEventEnvelope, type EventEnvelope } from "@signing-platform/contract";
import type { ErrorDetail } from "@signing-platform/types";
import { validateEvent } from "@signing-platform/validators";
import { eventDataSchema, type JsonObject } from "../api-document.js";
import { schemaValue } from "../schema-value.js";

/** An event made from its schema, or what kept it from being made. */
export type SchemaEvent = { ok: true; event: EventEnvelope<string, unknown> } | { ok: false; problems: readonly ErrorDetail[] };

/** An event of `type` whose data is the value its schema gives, with the envelope's `id` and `created_at` from `options`. */
export function eventFromSchema(document: JsonObject, type: string, options: { id: string; createdAt: Date }): SchemaEvent {
  const schema = eventDataSchema(document, type);
  if (schema === undefined) {
    return { ok: false, problems: [{ field: "$.type", code: "no_schema", message: `The document has no webhook for ${type}.` }] };
  }
  const data = schemaValue(document, schema);
  if (data === undefined) {
    return { ok: false, problems: [{ field: "$.data", code: "no_value", message: "No value its schema accepts could be made." }] };
  }
  const event = createEventEnvelope(type, data, options);
  const result = validateEvent(event);
  if (!result.ok) return { ok: false, problems: result.errors };
  if (!result.known) {
    return { ok: false, problems: [{ field: "$.type", code: "enum", message: `${type} is not an event type of the catalogue.` }] };
  }
  return { ok: true, event };
}
