import { describe, expect, it } from "vitest";
import { createEventEnvelope, EVENT_ENVELOPE_FIELDS } from "../src/event-envelope.js";

describe("createEventEnvelope", () => {
  it("fills every field of the envelope, in the document's order", () => {
    const event = createEventEnvelope("ping", {}, { id: "evt_1", createdAt: new Date("2026-01-02T03:04:05.678Z") });
    expect(Object.keys(event)).toEqual([...EVENT_ENVELOPE_FIELDS]);
    expect(event).toEqual({
      id: "evt_1",
      object: "event",
      type: "ping",
      livemode: false,
      created_at: "2026-01-02T03:04:05.678Z",
      data: {},
    });
  });

  it("carries live mode when asked", () => {
    expect(createEventEnvelope("ping", {}, { id: "evt_1", createdAt: new Date(0), livemode: true }).livemode).toBe(true);
  });
});
