// generated/json-schema/: every schema compiles with ajv's 2020-12 build in strict mode with
// formats, and the schemas say what the interface document says about open and closed
// shapes and about client_secret in events.
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { schemaExample } from "@signing-platform/generator/schema-example";
import { beforeAll, describe, expect, it } from "vitest";
import { eventTypes, validEvent, validSigningRequestObject } from "../support/events.js";
import { loadJsonSchemas, loadOpenApi, resolveRef } from "../support/generated.js";

const schemas = loadJsonSchemas();
const document = loadOpenApi();

/**
 * An event of `type` as the built document describes it: the envelope of a valid event, and
 * the data the document's schema for the type's webhook gives (the value the SDKs' README
 * examples show), so that a type the spec adds needs nothing written here.
 */
function eventOfTheDocument(type: string): Record<string, unknown> {
  const body = resolveRef(document, document.webhooks[type].post.requestBody);
  const event = resolveRef(document, body.content["application/json"].schema);
  return { ...validEvent(type), data: schemaExample(document, event.properties.data) };
}

function strictAjv() {
  const ajv = new Ajv2020.default({ strict: true, allErrors: true });
  addFormats.default(ajv);
  return ajv;
}

describe("JSON Schema 2020-12 output", () => {
  let ajv: ReturnType<typeof strictAjv>;
  beforeAll(() => {
    ajv = strictAjv();
    for (const schema of schemas) ajv.addSchema(schema);
  });

  const validate = (id: string, value: unknown) => {
    const check = ajv.getSchema(id);
    if (!check) throw new Error(`no schema ${id}`);
    return check(value) ? [] : check.errors!;
  };

  it("has one schema per data model, each of the 2020-12 dialect with an $id", () => {
    expect(schemas.length).toBeGreaterThanOrEqual(30);
    for (const schema of schemas) {
      expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(schema.$id).toMatch(/^[A-Za-z]+\.json$/);
    }
  });

  it.each(schemas.map((schema) => [schema.$id as string]))("%s compiles in strict mode", (id) => {
    expect(() => ajv.getSchema(id)).not.toThrow();
    expect(ajv.getSchema(id)).toBeTypeOf("function");
  });

  // @trace accepts-a-valid-s-event-as-event-and-webhookeven
  it.each(eventTypes.map((type) => [type]))("accepts a valid %s event as Event and WebhookEvent", (type) => {
    expect(validate("Event.json", eventOfTheDocument(type))).toEqual([]);
    expect(validate("WebhookEvent.json", eventOfTheDocument(type))).toEqual([]);
  });

  it("accepts an event carrying a whole signing request, as the platform sends it", () => {
    expect(validate("WebhookEvent.json", validEvent("signing_request.completed"))).toEqual([]);
  });

  // @trace rejects-an-event-whose-data-object-carries-clien
  it("rejects an event whose data.object carries client_secret", () => {
    const event = validEvent("signing_request.completed");
    event.data.object.client_secret = "sr_secret_123";
    expect(validate("SigningRequestCompletedEvent.json", event)).not.toEqual([]);
    expect(validate("WebhookEvent.json", event)).not.toEqual([]);
    expect(validate("EventSigningRequest.json", event.data.object)).not.toEqual([]);
  });

  // @trace requires-client-secret-on-the-signing-request-re
  it("requires client_secret on the signing request read with GET", () => {
    const request = validSigningRequestObject();
    expect(validate("SigningRequest.json", request)).not.toEqual([]);
    expect(validate("SigningRequest.json", { ...request, client_secret: "secret" })).toEqual([]);
  });

  // @trace keeps-shapes-the-source-leaves-open-open
  it("keeps shapes the source leaves open, open: unknown fields and statuses are accepted", () => {
    const request = { ...validSigningRequestObject(), client_secret: "s", status: "awaiting_signer", title: "x" };
    expect(validate("SigningRequest.json", request)).toEqual([]);
    expect(validate("Certificate.json", { id: "cert_1", serial_number: "01" })).toEqual([]);
    expect(validate("Document.json", { content_url: "https://x.test/d", name: "d.pdf" })).toEqual([]);
  });

  // @trace closes-the-shapes-the-source-lists-completely
  it("closes the shapes the source lists completely: the event envelope, the error body, the page", () => {
    expect(validate("Event.json", { ...validEvent("ping"), extra: true })).not.toEqual([]);
    const error = { error: { code: "not_found", message: "m", request_id: "r", details: [] } };
    expect(validate("ErrorBody.json", error)).toEqual([]);
    expect(validate("ErrorBody.json", { ...error, extra: 1 })).not.toEqual([]);
    expect(validate("ErrorBody.json", { error: { ...error.error, stack: "x" } })).not.toEqual([]);
    expect(validate("CertificatePage.json", { items: [], cursor: null, next: null })).toEqual([]);
    expect(validate("CertificatePage.json", { items: [], cursor: null, next: null, total: 3 })).not.toEqual([]);
  });

  // @trace accepts-error-codes-outside-the-catalogue
  it("accepts error codes outside the catalogue, since clients tolerate unknown codes", () => {
    const error = { error: { code: "brand_new_code", message: "m", request_id: "r", details: [] } };
    expect(validate("ErrorBody.json", error)).toEqual([]);
  });

  // @trace rejects-an-event-with-s
  it.each([
    ["a wrong id prefix", (event: any) => (event.id = "ev_123")],
    ["a wrong object", (event: any) => (event.object = "evt")],
    ["a created_at that is not UTC", (event: any) => (event.created_at = "2026-11-21T06:40:00+01:00")],
    ["a created_at that is not a date-time", (event: any) => (event.created_at = "yesterday")],
    ["no livemode", (event: any) => delete event.livemode],
    ["a signing request id without sr_", (event: any) => (event.data.object.id = "req_1")],
  ])("rejects an event with %s", (_name, mutate) => {
    const event = validEvent("signing_request.created");
    mutate(event);
    expect(validate("SigningRequestCreatedEvent.json", event)).not.toEqual([]);
  });
});
