// src/events.ts: the known event types are the catalogue's, and the union the OpenAPI
// document discriminates by `type` has exactly them (Events › Event types).
import { describe, expect, it } from "vitest";
import { loadOpenApi } from "../../../test/support/generated.js";
import { eventTypes } from "../../../test/support/events.js";
import { isKnownEventType } from "../src/events.js";

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
