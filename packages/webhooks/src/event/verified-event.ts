// What a verified delivery is: an event of a type this version knows, typed by its `type`, or
// the envelope of a newer type (interface document › Versioning: event types are an open set,
// and clients tolerate what they do not know). A newer type is a genuine event, not a
// verification failure: acknowledge it with a 2xx, or the sender retries it for 24 hours and
// turns the endpoint off.
import { isKnownEventType, type Event, type WebhookEvent } from "@signing-platform/types";

/** A verified event: known (`WebhookEvent`, narrowed by `type`) or of a newer type (`Event`). */
export type VerifiedEvent = WebhookEvent | Event;

/**
 * Whether a verified event is of a type this version knows; narrows it to `WebhookEvent`.
 * @example
 * ```ts
 * import { constructEvent, isKnownEvent } from "@signing-platform/webhooks";
 * import { generateTestEvent, signPayload } from "@signing-platform/webhooks/testing";
 *
 * const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
 * const rawBody = JSON.stringify(generateTestEvent("ping"));
 * const event = constructEvent(rawBody, signPayload({ payload: rawBody, secret }), secret);
 * if (!isKnownEvent(event)) console.log(`acknowledged ${event.type}, a type newer than this version`);
 * ```
 */
export function isKnownEvent(event: VerifiedEvent): event is WebhookEvent {
  return isKnownEventType(event.type);
}
