// An event of every type of the catalogue made from its schema in the built document passes
// the validators a receiver runs; a schema that makes no valid event says what failed.
import { eventCatalogue } from "@signing-platform/types";
import { eventValidators, validateEvent } from "@signing-platform/validators";
import { describe, expect, it } from "vitest";
import { loadApiDocument, type JsonObject } from "../../src/api-document.js";
import { eventFromSchema } from "../../src/domain/schema-events.js";

const built = await loadApiDocument();
const options = { id: "evt_made_from_its_schema", createdAt: new Date("2026-03-04T05:06:07Z") };

describe("eventFromSchema", () => {
  it.each(eventCatalogue.map(({ type }) => [type]))("makes a valid %s, the envelope's fields as given", (type) => {
    const made = eventFromSchema(built, type, options);
    if (!made.ok) throw new Error(JSON.stringify(made.problems));
    expect(made.event).toMatchObject({ id: options.id, object: "event", type, livemode: false, created_at: "2026-03-04T05:06:07.000Z" });
    expect(validateEvent(made.event)).toEqual({ ok: true, known: true, value: made.event });
    expect(eventValidators[type](made.event)).toEqual({ ok: true, value: made.event });
  });

  it("says what failed when the schema's example is no valid data", () => {
    const document = structuredClone(built) as JsonObject & { components: { schemas: Record<string, JsonObject> } };
    document.components.schemas.SigningRequestEventData!.examples = [
      { object: { id: "not a signing request id", object: "signing_request", status: "completed", documents: [] } },
    ];
    expect(eventFromSchema(document, "signing_request.created", options)).toEqual({
      ok: false,
      problems: [expect.objectContaining({ field: "$.data.object.id", code: "pattern" })],
    });
  });

  it("says so for a type the document has no webhook for", () => {
    expect(eventFromSchema(built, "signing_request.archived", options)).toEqual({
      ok: false,
      problems: [expect.objectContaining({ field: "$.type", code: "no_schema" })],
    });
  });
});
