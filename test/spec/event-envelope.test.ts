// The event envelope is written twice, by necessity: in the spec's EventEnvelope model, for the
// OpenAPI document, and in @signing-platform/contract, which builds before the spec and which
// generated SDKs embed. This holds every event schema of the built document to the contract's
// fields, and an envelope the contract makes to the document's validators.
import { createEventEnvelope, EVENT_ENVELOPE_FIELDS } from "@signing-platform/contract";
import { validateEvent } from "@signing-platform/validators";
import { describe, expect, it } from "vitest";
import { loadOpenApi } from "../support/generated.js";

const schemas = loadOpenApi().components.schemas as Record<string, any>;
const eventSchemas = [
  "Event",
  ...Object.values(schemas.WebhookEvent.discriminator.mapping as Record<string, string>).map((ref) => ref.split("/").pop()!),
];

describe("the event envelope", () => {
  it.each(eventSchemas.map((name) => [name]))("%s has the contract's fields, in order, all required, and no other", (name) => {
    const schema = schemas[name];
    expect(Object.keys(schema.properties)).toEqual([...EVENT_ENVELOPE_FIELDS]);
    expect(schema.required).toEqual([...EVENT_ENVELOPE_FIELDS]);
    expect(schema.properties.object.enum).toEqual(["event"]);
    expect(schema.properties.livemode.type).toBe("boolean");
    expect(schema.unevaluatedProperties ?? schema.additionalProperties).toBeDefined();
  });

  it("made by the contract is a valid event of the document", () => {
    const ping = createEventEnvelope("ping", {}, { id: "evt_01HZY3K4", createdAt: new Date("2026-01-02T03:04:05Z") });
    const result = validateEvent(ping);
    expect(result.ok, JSON.stringify(result)).toBe(true);
  });
});
