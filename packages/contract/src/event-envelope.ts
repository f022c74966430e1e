// The event envelope (interface document › Resources › Event): six fields, all required, the
// same for every event type; only `type` and `data` vary. The spec's EventEnvelope model
// writes the same shape for the OpenAPI document, and test/spec/event-envelope.test.ts holds
// the two to each other, so the generated types and this one cannot drift apart.

/** The envelope of an event of `Type` carrying `Data`. */
export interface EventEnvelope<Type extends string = string, Data = Record<string, unknown>> {
  /** Event identifier, shaped `evt_<id>`; receivers deduplicate by it, also across redeliveries. */
  id: string;
  /** Always `event`. */
  object: "event";
  /** The event type. */
  type: Type;
  /** Whether the event comes from live mode. */
  livemode: boolean;
  /** When the event was created: an ISO 8601 timestamp in UTC, ending in `Z`. */
  created_at: string;
  /** The event's data: its `object`, or `{}` for ping. */
  data: Data;
}

/** The envelope's fields, in the order the interface document lists them. */
export const EVENT_ENVELOPE_FIELDS = [
  "id",
  "object",
  "type",
  "livemode",
  "created_at",
  "data",
] as const satisfies readonly (keyof EventEnvelope)[];

/** The id, time and mode of an event made by {@link createEventEnvelope}. */
export interface EventEnvelopeOptions {
  /** `evt_<id>`; receivers deduplicate by it. */
  id: string;
  /** When the event happened. */
  createdAt: Date;
  /** Whether it comes from live mode; false unless said. */
  livemode?: boolean;
}

/**
 * An event of `type` carrying `data`, every field of the envelope filled.
 * @example
 * ```ts
 * import { createEventEnvelope } from "@signing-platform/contract";
 *
 * const event = createEventEnvelope("ping", {}, { id: "evt_1", createdAt: new Date() });
 * console.log(event.created_at); // "2026-…Z"
 * ```
 */
export function createEventEnvelope<Type extends string, Data>(
  type: Type,
  data: Data,
  options: EventEnvelopeOptions,
): EventEnvelope<Type, Data> {
  return {
    id: options.id,
    object: "event",
    type,
    livemode: options.livemode ?? false,
    created_at: options.createdAt.toISOString(),
    data,
  };
}
