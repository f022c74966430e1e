// src/events.ts: the known event types are the catalogue's, and the union the OpenAPI
// document discriminates by `type` has exactly them (Events › Event types). The generated
// event types are the contract's envelope, checked by the compiler both ways.
import { createEventEnvelope, type EventEnvelope } from "@signing-platform/contract";
import { describe, expect, expectTypeOf, it } from "vitest";
import { loadOpenApi } from "../../../test/support/generated.js";
import { eventTypes } from "../../../test/support/events.js";
import { isKnownEventType, type WebhookEventOfType } from "../src/events.js";
import type { Event, WebhookEvent } from "../src/index.js";

describe("isKnownEventType", () => {
  it.each(eventTypes.map((type) => [type]))("knows %s", (type) => {
    expect(isKnownEventType(type)).toBe(true);
  });

  it.each([["signing_request.signed"], ["PING"], [""], [42], [undefined]])("does not know %s", (type) => {
    expect(isKnownEventType(type)).toBe(false);
  });

  it("knows the types of the WebhookEvent union, no more and no fewer", () => {
    const mapping = loadOpenApi().components.schemas.WebhookEvent.discriminator.mapping;
    expect(Object.keys(mapping).sort()).toEqual([...eventTypes].sort());
  });
});

describe("the generated event types", () => {
  it("are the contract's envelope, and the contract's envelope of a known type is the generated event", () => {
    expectTypeOf<Event>().toExtend<EventEnvelope<string, Record<string, unknown>>>();
    expectTypeOf<WebhookEvent>().toExtend<EventEnvelope<string, unknown>>();
    expectTypeOf<EventEnvelope<"ping", Record<string, never>>>().toExtend<WebhookEventOfType<"ping">>();
    const ping = createEventEnvelope("ping", {}, { id: "evt_1", createdAt: new Date(0) });
    expectTypeOf(ping).toExtend<WebhookEventOfType<"ping">>();
    expect(ping.object).toBe("event");
  });
});
