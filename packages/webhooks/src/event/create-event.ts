// A known event of this platform, in the contract's envelope (interface document › Resources
// › Event), built in one place for every sender: the delivery engine's ping, the sandbox's
// events and generateTestEvent.
import { createEventEnvelope } from "@signing-platform/contract";
import type { KnownEventType, WebhookEventOfType } from "@signing-platform/types";

/** The id, time and mode of an event made by {@link createEvent}. */
export interface CreateEventOptions {
  /** `evt_<id>`; receivers deduplicate by it. */
  id: string;
  /** When the event happened. */
  createdAt: Date;
  /** Whether it comes from live mode (the envelope's `livemode`); false unless said. */
  livemode?: boolean;
}

/**
 * An event of `type` carrying `data` (its `data.object`, or `{}` for ping).
 * @example
 * ```ts
 * import { createEvent } from "@signing-platform/webhooks/delivery";
 *
 * const event = createEvent("ping", {}, { id: "evt_1", createdAt: new Date(), livemode: true });
 * ```
 */
export function createEvent<Type extends KnownEventType>(
  type: Type,
  data: WebhookEventOfType<Type>["data"],
  options: CreateEventOptions,
): WebhookEventOfType<Type> {
  // The generated union narrows `type` and `data` together, which a generic envelope cannot say.
  return createEventEnvelope(type, data, options) as WebhookEventOfType<Type>;
}
