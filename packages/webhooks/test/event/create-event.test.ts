// createEvent fills every field of the envelope (interface document › Resources › Event),
// `livemode` included: false unless the sender says the event is live.
import { describe, expect, it } from "vitest";
import { createEvent } from "../../src/event/create-event.js";

describe("createEvent", () => {
  const createdAt = new Date("2026-03-01T12:00:00.000Z");

  it.each([
    ["not said", {}, false],
    ["test mode", { livemode: false }, false],
    ["live mode", { livemode: true }, true],
  ] as const)("livemode when %s", (_name, given, want) => {
    const event = createEvent("ping", {}, { id: "evt_1", createdAt, ...given });
    expect(event).toEqual({ id: "evt_1", object: "event", type: "ping", livemode: want, created_at: "2026-03-01T12:00:00.000Z", data: {} });
  });
});
