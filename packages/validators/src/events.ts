// `validateEvent`: any webhook event, as a receiver gets it. The schema is picked by the
// event's `type` (Resources › Event): a known type is checked against its own schema (its
// `data.object` is the signing request without client_secret); a type this version does not
// know is checked against the Event envelope, because receivers tolerate event types they
// do not know (Events › Event types; the Event schema: "any event, including types this
// version does not know").
import type { Event, WebhookEvent } from "@signing-platform/types";
import { branchFor, failure } from "./create-validator.js";
import { compiledEventSchemas } from "./generated/event-schemas.js";
import { Event as compiledEventEnvelope } from "./generated/standalone.js";
import type { ValidationFailure } from "./result.js";

/** Like `ValidationResult`, and says whether the event's type is one this version knows. */
export type EventValidationResult =
  | { ok: true; known: true; value: WebhookEvent }
  | { ok: true; known: false; value: Event }
  | ValidationFailure;

/** A validator of any webhook event, its schema picked by the event's `type`; callable, with a type guard. */
export interface EventValidator {
  /** Validates a value (parsed JSON): the event, with whether its type is known, or every issue found. */
  (value: unknown): EventValidationResult;
  /** Type guard: true when the value is a valid event, of a known type or not. */
  is(value: unknown): value is WebhookEvent | Event;
  /** `WebhookEvent.json` for the known types; an unknown type is checked against `Event.json`. */
  readonly schemaId: string;
}

const schemaFor = (value: unknown) => branchFor(compiledEventSchemas, "type", value);

/**
 * Validates any webhook event as a receiver gets it: a known type against its own schema, a type this version does not know against the Event envelope (Events › Event types).
 * @example
 * ```ts
 * import { validateEvent } from "@signing-platform/validators";
 *
 * const result = validateEvent(JSON.parse('{"id":"evt_1","type":"ping","created_at":"2026-01-01T00:00:00Z","data":{}}'));
 * if (!result.ok) console.error(result.errors);
 * else console.log(result.known ? result.value.type : "an event type this version does not know");
 * ```
 */
export const validateEvent: EventValidator = Object.assign(
  (value: unknown): EventValidationResult => {
    const known = schemaFor(value);
    if (known) return known(value) ? { ok: true, known: true, value: value as WebhookEvent } : failure(known, value);
    return compiledEventEnvelope(value) ? { ok: true, known: false, value: value as Event } : failure(compiledEventEnvelope, value);
  },
  {
    is: (value: unknown): value is WebhookEvent | Event => (schemaFor(value) ?? compiledEventEnvelope)(value),
    schemaId: "WebhookEvent.json",
  },
);
