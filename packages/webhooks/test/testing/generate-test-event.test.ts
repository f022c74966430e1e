import { eventCatalogue } from "@signing-platform/types";
import { validateEvent } from "@signing-platform/validators";
import { describe, expect, it } from "vitest";
import { generateTestEvent } from "../../src/testing/generate-test-event.js";

describe("generateTestEvent", () => {
  it.each(eventCatalogue.map((entry) => entry.type))("makes a valid %s event", (type) => {
    const result = validateEvent(generateTestEvent(type));
    expect(result).toMatchObject({ ok: true, known: true });
  });

  it("gives each event its own id, so two are never deduplicated as one", () => {
    expect(generateTestEvent("ping").id).not.toBe(generateTestEvent("ping").id);
  });

  it("merges nested overrides and replaces arrays", () => {
    const event = generateTestEvent("signing_request.completed", {
      id: "evt_fixed",
      livemode: true,
      data: { object: { id: "sr_fixed", documents: [{ content_url: "https://example.com/a.pdf" }] } },
    });
    expect(event).toMatchObject({ id: "evt_fixed", livemode: true, type: "signing_request.completed" });
    expect(event.data.object).toMatchObject({ id: "sr_fixed", object: "signing_request", status: "completed" });
    expect(event.data.object.documents).toEqual([{ content_url: "https://example.com/a.pdf" }]);
    expect(validateEvent(event).ok).toBe(true);
  });
});
