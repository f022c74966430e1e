// The webhooks of the interface document's Events part, in the OpenAPI 3.1 `webhooks` map.
import { describe, expect, it } from "vitest";
import { loadCatalogue, loadOpenApi, resolveRef } from "../support/generated.js";

const document = loadOpenApi();
const catalogue = loadCatalogue();

describe("webhooks", () => {
  // @trace has-one-webhook-per-event-type-and-none-left-und
  it("has one webhook per event type, and none left under paths", () => {
    expect(Object.keys(document.webhooks).sort()).toEqual(catalogue.events.map((event: any) => event.type).sort());
    expect(Object.keys(document.paths).some((path) => path.startsWith("/webhooks"))).toBe(false);
  });

  // @trace is-a-signed-json-post-acknowledged-by-any-2xx
  it.each((catalogue.events as { type: string }[]).map((event) => [event.type] as [string]))(
    "%s is a signed JSON POST acknowledged by any 2xx",
    (type) => {
      const operation = document.webhooks[type].post;
      const names = operation.parameters.map((parameter: any) => resolveRef(document, parameter).name);
      const { signature, event, delivery } = catalogue.webhook_headers;
      expect(names).toEqual(expect.arrayContaining([signature, event, delivery]));
      for (const parameter of operation.parameters.map((p: any) => resolveRef(document, p))) {
        expect(parameter.required, parameter.name).toBe(true);
      }
      expect(Object.keys(operation.responses)).toEqual(["2XX"]);
      expect(operation["x-signing-platform-webhook"]).toBe(type);
      const schema = operation.requestBody.content["application/json"].schema;
      const eventSchema = resolveRef(document, schema);
      expect(eventSchema.properties.type.enum).toEqual([type]);
    },
  );

  // @trace gives-signing-request-events-a-data-object-witho
  it("gives signing-request events a data.object without client_secret", () => {
    const schema = document.components.schemas.EventSigningRequest;
    expect(schema.not.required).toEqual(["client_secret"]);
    expect(schema.properties.client_secret).toBeUndefined();
  });
});
