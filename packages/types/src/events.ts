// Webhook events (interface document › Events). `WebhookEvent` (schema-aliases) is the
// union of the known events discriminated by `type`; `Event` is the envelope of any event,
// including types this version does not know, which receivers tolerate.
import { catalogue } from "./catalogue.js";
import type { WebhookEvent } from "./generated/schema-aliases.js";

/** The type of an event this version knows. */
export type KnownEventType = WebhookEvent["type"];

/** The event of one known type. */
export type WebhookEventOfType<Type extends KnownEventType> = Extract<WebhookEvent, { type: Type }>;

/** Each known event type to its event, for handler tables. */
export type WebhookEventMap = { [Type in KnownEventType]: WebhookEventOfType<Type> };

const knownEventTypes: ReadonlySet<string> = new Set(catalogue.events.map((event) => event.type));

/**
 * Whether `type` is an event type this version knows (Events › Event types); receivers tolerate the others.
 * @example
 * ```ts
 * import { isKnownEventType } from "@signing-platform/types";
 *
 * isKnownEventType("signing_request.completed"); // true
 * isKnownEventType("added_in_a_later_version"); // false
 * ```
 */
export function isKnownEventType(type: unknown): type is KnownEventType {
  return typeof type === "string" && knownEventTypes.has(type);
}
