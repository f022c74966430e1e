// POST /_sandbox/events: an event of any type of the catalogue, its data made from the type's
// schema, signed and delivered like every other event. A receiver written with
// @signing-platform/webhooks verifies each delivery's signature with the endpoint's secret and
// validates the event, for every type; a sandbox whose document makes no valid event of a type
// answers 501 saying what failed.
import { eventCatalogue } from "@signing-platform/types";
import { eventValidators, validateErrorBody } from "@signing-platform/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadApiDocument, type JsonObject } from "../../src/api-document.js";
import { startSandbox, type Sandbox } from "../../src/index.js";
import { NOT_IMPLEMENTED } from "../../src/public/schema-served.js";
import { startSandboxWith } from "../../src/sandbox.js";
import { createOrganization, type HttpResponse, http, type Organization } from "../support/http.js";
import { useWebhookReceivers, type WebhookReceiver } from "../support/webhook-receiver.js";

const startReceiver = useWebhookReceivers();
let sandbox: Sandbox;
let organization: Organization;
let receiver: WebhookReceiver;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  organization = await createOrganization(sandbox.url);
  receiver = await startReceiver();
  receiver.useSecret((await organization.addWebhookEndpoint(receiver.url)).secret);
});
afterAll(async () => sandbox?.close());

function expectError(response: HttpResponse, status: number, code: string) {
  expect({ status: response.status, code: response.json?.error?.code }).toEqual({ status, code });
  expect(validateErrorBody(response.json).ok).toBe(true);
  expect(response.json.error.request_id).toBe(response.headers.get("request-id"));
}

describe("POST /_sandbox/events", () => {
  it.each(eventCatalogue.map(({ type }) => [type]))(
    "sends %s, made from its schema, signed, to the organization's endpoint",
    async (type) => {
      const response = await organization.post("/_sandbox/events", { type });
      expect(response.status).toBe(201);
      expect(eventValidators[type](response.json)).toEqual({ ok: true, value: response.json });
      await receiver.waitFor((events) => events.some((entry) => entry.event.id === response.json.id), `${type} at the receiver`);
      const delivered = receiver.received.find((entry) => entry.event.id === response.json.id)!;
      expect(JSON.parse(delivered.rawBody)).toEqual(response.json);
      expect(delivered.eventTypeHeader).toBe(type);
      expect(receiver.rejected).toEqual([]);
    },
  );

  it.each([
    ["a type the catalogue does not have", { type: "signing_request.archived" }, "$.type", "enum"],
    ["no type", {}, "$.type", "required"],
    ["another field", { type: "ping", data: {} }, "$.data", "additional_property"],
  ])("refuses %s with 400 naming the field", async (_name, body, field, code) => {
    const response = await organization.post("/_sandbox/events", body);
    expectError(response, 400, "bad_request");
    expect(response.json.error.details).toContainEqual(expect.objectContaining({ field, code }));
  });

  it("refuses a request without a token with 401", async () => {
    expectError(await http(`${sandbox.url}/_sandbox/events`, { json: { type: "ping" } }), 401, "unauthenticated");
  });

  it("answers 501 naming the type and what failed when its schema makes no valid event", async () => {
    const document = structuredClone(await loadApiDocument()) as JsonObject & { components: { schemas: Record<string, JsonObject> } };
    document.components.schemas.SigningRequestEventData!.examples = [
      { object: { id: "not a signing request id", object: "signing_request", status: "completed", documents: [] } },
    ];
    const broken = await startSandboxWith({ port: 0 }, { document });
    try {
      const response = await (await createOrganization(broken.url)).post("/_sandbox/events", { type: "signing_request.created" });
      expectError(response, 501, NOT_IMPLEMENTED);
      expect(response.json.error.message).toContain("signing_request.created");
      expect(response.json.error.details).toContainEqual(expect.objectContaining({ field: "$.data.object.id", code: "pattern" }));
    } finally {
      await broken.close();
    }
  });
});
