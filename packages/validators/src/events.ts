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

export interface EventValidator {
  (value: unknown): EventValidationResult;
  /** Type guard: true when the value is a valid event, of a known type or not. */
  is(value: unknown): value is WebhookEvent | Event;
  /** `WebhookEvent.json` for the known types; an unknown type is checked against `Event.json`. */
  readonly schemaId: string;
}

const schemaFor = (value: unknown) => branchFor(compiledEventSchemas, "type", value);

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
