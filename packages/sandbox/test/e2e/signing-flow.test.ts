// The signing request as the interface document tells it, driven through a running sandbox
// with a real webhook receiver (What the service does; States and transitions; Events).
// Black box: a `signing-platform serve` child process, real HTTP, real signatures.
import { describe, expect, it } from "vitest";
import { createOrganization, eventually, http, type Organization, type SigningAction } from "../support/http.js";
import { useSandboxProcess } from "../support/sandbox-process.js";
import { useWebhookReceivers, type ReceivedEvent, type WebhookReceiver } from "../support/webhook-receiver.js";

/** Wrong codes the sandbox allows before code_attempts_exhausted (its exported MAX_CODE_ATTEMPTS; the source leaves the number open). */
const MAX_CODE_ATTEMPTS = 3;

const startReceiver = useWebhookReceivers();
const sandbox = useSandboxProcess();

/** A new organization with a webhook endpoint pointing at a new verifying receiver. */
async function organizationWithReceiver(): Promise<{ organization: Organization; receiver: WebhookReceiver; endpointId: string }> {
  const organization = await createOrganization(sandbox.url);
  const receiver = await startReceiver();
  const endpoint = await organization.addWebhookEndpoint(receiver.url);
  receiver.useSecret(endpoint.secret);
  return { organization, receiver, endpointId: endpoint.id };
}

function wrongCodeFor(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

function typesOf(events: ReceivedEvent[]): string[] {
  return events.map((entry) => entry.event.type).sort();
}

/** Events never carry documents' content nor client_secret (Resources › Event; Events). */
function expectNoSecretsNorContent(events: ReceivedEvent[], clientSecret: string) {
  for (const entry of events) {
    expect(entry.rawBody).not.toContain("client_secret");
    expect(entry.rawBody).not.toContain(clientSecret);
    expect(entry.rawBody).not.toContain("Signed document");
    const object = (entry.event.data as { object?: Record<string, unknown> }).object!;
    expect(object).not.toHaveProperty("client_secret");
    for (const document of object.documents as Record<string, unknown>[]) expect(Object.keys(document)).toEqual(["content_url"]);
  }
}

async function expectDocumentsNotServed(request: { documents: { content_url: string }[] }) {
  for (const document of request.documents) {
    const response = await http(document.content_url);
    expect(response.status, document.content_url).toBe(409);
    expect(response.json.error.code).toBe("conflict");
  }
}

describe("a first-time signer's signing request", () => {
  // @trace goes-created-accepted-certificate-issued-complet
  it("goes created → accepted → certificate.issued → completed, delivered signed to the receiver", async () => {
    const { organization, receiver, endpointId } = await organizationWithReceiver();
    const created = await organization.newSigningRequest({ documents: 2, first_time_signer: true });
    expect(created.id).toMatch(/^sr_/);
    expect(created.object).toBe("signing_request");
    await expectDocumentsNotServed(created);

    const accepted = await organization.act(created.id, "accept");
    expect(accepted.status).toBe(200);
    expect(accepted.json.status).toBe("accepted");
    expect(accepted.json.sent_code).toMatch(/^\d{6}$/);
    // Before the code is entered nothing is signed.
    await expectDocumentsNotServed(created);

    const completed = await organization.act(created.id, "enter_code", accepted.json.sent_code);
    expect(completed.status).toBe(200);
    expect(completed.json.status).toBe("completed");

    const events = await receiver.waitFor((all) => all.length >= 4, "four events");
    expect(typesOf(events)).toEqual([
      "certificate.issued",
      "signing_request.accepted",
      "signing_request.completed",
      "signing_request.created",
    ]);
    expect(receiver.rejected).toEqual([]);
    for (const entry of events) {
      expect(entry.event.id).toMatch(/^evt_/);
      expect(entry.event.object).toBe("event");
      expect(entry.event.livemode).toBe(false);
      expect(entry.eventTypeHeader).toBe(entry.event.type);
      expect(entry.deliveryId).not.toBe("");
      expect((entry.event.data as { object: { id: string } }).object.id).toBe(created.id);
    }
    expect(new Set(events.map((entry) => entry.event.id)).size).toBe(4);

    // Causal order by the events' own timestamps, whatever order they arrived in (Events 4–5).
    const at = (type: string) => Date.parse(events.find((entry) => entry.event.type === type)!.event.created_at);
    expect(at("signing_request.created")).toBeLessThanOrEqual(at("signing_request.accepted"));
    expect(at("signing_request.accepted")).toBeLessThanOrEqual(at("certificate.issued"));
    expect(at("certificate.issued")).toBeLessThanOrEqual(at("signing_request.completed"));
    for (const entry of events) expect(entry.event.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);

    // certificate.issued names the certificate, which the public API then reads.
    const issued = events.find((entry) => entry.event.type === "certificate.issued")!.event.data as { certificate_id: string };
    expect(issued.certificate_id).toMatch(/^cert_/);
    expect((await organization.get(`/certificates/${issued.certificate_id}`)).status).toBe(200);

    // GET shows it completed, with client_secret; the events never carried it.
    const read = await organization.getSigningRequest(created.id);
    expect(read.status).toBe(200);
    expect(read.json.status).toBe("completed");
    expect(typeof read.json.client_secret).toBe("string");
    expect(read.json.client_secret.length).toBeGreaterThan(0);
    expect(read.headers.get("etag")).toMatch(/^"/);
    expectNoSecretsNorContent(events, read.json.client_secret);

    // Every document is served from its content_url now that all are signed.
    for (const [index, document] of read.json.documents.entries()) {
      const content = await http(document.content_url);
      expect(content.status).toBe(200);
      expect(content.text).toContain(`Signed document ${index + 1} of 2`);
    }

    // The console's Attempts: what was sent and what the endpoint answered.
    // (An attempt is recorded once the receiver has answered it.)
    const attempts = await eventually(
      () => organization.attempts(endpointId),
      (list) => list.length >= 4,
      "four attempts",
    );
    expect(attempts.map((attempt) => attempt.event_type).sort()).toEqual(typesOf(events));
    for (const attempt of attempts) {
      expect(attempt.succeeded).toBe(true);
      expect(attempt.response_status).toBe(200);
      expect(typeof attempt.request_body).toBe("string");
      expect(events.map((entry) => entry.rawBody)).toContain(attempt.request_body);
    }
  });

  it("issues the first-time signer's certificate, readable with GET /certificates/{id}", async () => {
    const { organization } = await organizationWithReceiver();
    const request = await organization.newSigningRequest({ first_time_signer: true });
    const { json } = await organization.act(request.id, "accept");
    await organization.act(request.id, "enter_code", json.sent_code);
    const page = await organization.listCertificates();
    expect(page.status).toBe(200);
    expect(page.json.items).toHaveLength(1);
    const certificate = await organization.getCertificate(page.json.items[0].id);
    expect(certificate.status).toBe(200);
    expect(certificate.json.id).toMatch(/^cert_/);
  });

  it("sends no certificate.issued for a returning signer", async () => {
    const { organization, receiver } = await organizationWithReceiver();
    const request = await organization.newSigningRequest({ first_time_signer: false });
    const { json } = await organization.act(request.id, "accept");
    expect((await organization.act(request.id, "enter_code", json.sent_code)).json.status).toBe("completed");
    const events = await receiver.waitFor((all) => all.some((entry) => entry.event.type === "signing_request.completed"), "completed");
    await receiver.waitFor((all) => all.length >= 3, "three events");
    expect(typesOf(events)).toEqual(["signing_request.accepted", "signing_request.completed", "signing_request.created"]);
    expect((await organization.listCertificates()).json.items).toEqual([]);
  });
});

describe("signing requests that end without signing", () => {
  // [name, { given: actions before the last, last action, want: status and event }]
  const endings: [string, { before: SigningAction[]; action: SigningAction; status: string; event: string }][] = [
    ["declined by the signer", { before: [], action: "decline", status: "declined", event: "signing_request.declined" }],
    ["declined after accepting", { before: ["accept"], action: "decline", status: "declined", event: "signing_request.declined" }],
    ["canceled by the customer", { before: [], action: "cancel", status: "canceled", event: "signing_request.canceled" }],
    ["canceled after the signer accepted", { before: ["accept"], action: "cancel", status: "canceled", event: "signing_request.canceled" }],
    ["expired with nobody acting", { before: [], action: "expire", status: "expired", event: "signing_request.expired" }],
    ["expired after accepting", { before: ["accept"], action: "expire", status: "expired", event: "signing_request.expired" }],
  ];

  // @trace is-s-with-its-event-and-nothing-is-signed
  it.each(endings)("is %s, with its event, and nothing is signed", async (_name, { before, action, status, event }) => {
    const { organization, receiver } = await organizationWithReceiver();
    const request = await organization.newSigningRequest({ documents: 2, first_time_signer: true });
    for (const step of before) expect((await organization.act(request.id, step)).status).toBe(200);
    const ended = await organization.act(request.id, action);
    expect(ended.status).toBe(200);
    expect(ended.json.status).toBe(status);

    const events = await receiver.waitFor((all) => all.some((entry) => entry.event.type === event), event);
    expect(events.map((entry) => entry.event.type)).not.toContain("certificate.issued");
    expect(events.map((entry) => entry.event.type)).not.toContain("signing_request.completed");
    const final = events.find((entry) => entry.event.type === event)!;
    expect((final.event.data as { object: { status: string } }).object.status).toBe(status);

    expect((await organization.getSigningRequest(request.id)).json.status).toBe(status);
    await expectDocumentsNotServed(request);
    // A finished request takes no further action: 409 conflict (Errors › Error codes).
    for (const next of ["accept", "enter_code", "decline", "cancel", "expire"] as const) {
      const refused = await organization.act(request.id, next, "000000");
      expect(refused.status, next).toBe(409);
      expect(refused.json.error.code).toBe("conflict");
    }
    expectNoSecretsNorContent(events, (await organization.getSigningRequest(request.id)).json.client_secret);
    expect((await organization.listCertificates()).json.items).toEqual([]);
  });

  // @trace fails-with-code-attempts-exhausted-after-max-wro
  it("fails with code_attempts_exhausted after MAX wrong codes, and nothing is signed", async () => {
    const { organization, receiver } = await organizationWithReceiver();
    const request = await organization.newSigningRequest({ documents: 2, first_time_signer: true });
    const { json } = await organization.act(request.id, "accept");
    const wrong = wrongCodeFor(json.sent_code);
    for (let attempt = 1; attempt < MAX_CODE_ATTEMPTS; attempt++) {
      const tried = await organization.act(request.id, "enter_code", wrong);
      expect(tried.status).toBe(200);
      expect(tried.json.status).toBe("accepted");
    }
    const exhausted = await organization.act(request.id, "enter_code", wrong);
    expect(exhausted.status).toBe(200);
    expect(exhausted.json.status).toBe("failed");
    expect(exhausted.json.failure_reason).toBe("code_attempts_exhausted");

    // The right code is too late now.
    const late = await organization.act(request.id, "enter_code", json.sent_code);
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe("conflict");

    const events = await receiver.waitFor((all) => all.some((entry) => entry.event.type === "signing_request.failed"), "failed");
    await receiver.waitFor((all) => all.length >= 3, "three events");
    expect(typesOf(events)).toEqual(["signing_request.accepted", "signing_request.created", "signing_request.failed"]);
    const failed = receiver.ofType("signing_request.failed")[0]!;
    expect((failed.event.data as { object: Record<string, unknown> }).object).toMatchObject({
      status: "failed",
      failure_reason: "code_attempts_exhausted",
    });
    await expectDocumentsNotServed(request);
    expect((await organization.listCertificates()).json.items).toEqual([]);
  });

  // @trace fails-with-signing-failed-when-signing-cannot-be
  it("fails with signing_failed when signing cannot be completed, and nothing is signed", async () => {
    const { organization, receiver } = await organizationWithReceiver();
    const request = await organization.newSigningRequest({ documents: 3, signing_fails: true });
    const { json } = await organization.act(request.id, "accept");
    const result = await organization.act(request.id, "enter_code", json.sent_code);
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ status: "failed", failure_reason: "signing_failed" });

    await receiver.waitFor((all) => all.some((entry) => entry.event.type === "signing_request.failed"), "failed");
    await receiver.waitFor((all) => all.length >= 3, "three events");
    expect(typesOf(receiver.received)).toEqual(["signing_request.accepted", "signing_request.created", "signing_request.failed"]);
    const read = await organization.getSigningRequest(request.id);
    expect(read.json).toMatchObject({ status: "failed", failure_reason: "signing_failed" });
    expectNoSecretsNorContent(receiver.received, read.json.client_secret);
    await expectDocumentsNotServed(request);
  });
});

describe("impossible transitions through the control API", () => {
  // [name, { given: actions that stand, then the refused one }]
  const refusals: [string, { steps: SigningAction[]; refused: SigningAction }][] = [
    ["a code before the signer accepted", { steps: [], refused: "enter_code" }],
    ["accepting twice", { steps: ["accept"], refused: "accept" }],
    ["accepting a declined request", { steps: ["decline"], refused: "accept" }],
    ["canceling a canceled request", { steps: ["cancel"], refused: "cancel" }],
    ["declining an expired request", { steps: ["expire"], refused: "decline" }],
  ];

  it.each(refusals)("refuses %s with 409 conflict in the error body", async (_name, { steps, refused }) => {
    const organization = await createOrganization(sandbox.url);
    const request = await organization.newSigningRequest();
    for (const step of steps) expect((await organization.act(request.id, step)).status).toBe(200);
    const before = (await organization.getSigningRequest(request.id)).json;
    const response = await organization.act(request.id, refused, "123456");
    expect(response.status).toBe(409);
    expect(response.json.error).toMatchObject({ code: "conflict", request_id: response.headers.get("request-id"), details: [] });
    expect((await organization.getSigningRequest(request.id)).json).toEqual(before);
  });

  it("refuses a completed request any further action with 409 conflict", async () => {
    const organization = await createOrganization(sandbox.url);
    const request = await organization.newSigningRequest();
    const { json } = await organization.act(request.id, "accept");
    await organization.act(request.id, "enter_code", json.sent_code);
    for (const action of ["accept", "enter_code", "decline", "cancel", "expire"] as const) {
      const response = await organization.act(request.id, action, json.sent_code);
      expect(response.status, action).toBe(409);
      expect(response.json.error.code).toBe("conflict");
    }
    expect((await organization.getSigningRequest(request.id)).json.status).toBe("completed");
  });
});

describe("webhook endpoints (Resources › Webhook endpoint)", () => {
  // @trace shows-each-endpoint-s-own-whsec-secret-once-when
  it("shows each endpoint's own whsec_ secret once, when it is added", async () => {
    const organization = await createOrganization(sandbox.url);
    const first = await organization.addWebhookEndpoint("http://127.0.0.1:9/first");
    const second = await organization.addWebhookEndpoint("http://127.0.0.1:9/second");
    expect(first.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32,}$/);
    expect(second.secret).toMatch(/^whsec_/);
    expect(second.secret).not.toBe(first.secret);
    const listed = await organization.get("/_sandbox/webhook-endpoints");
    expect(listed.json.items.map((item: { id: string }) => item.id)).toEqual([first.id, second.id]);
    expect(listed.text).not.toContain("whsec_");
    expect(listed.json.items.every((item: Record<string, unknown>) => !("secret" in item))).toBe(true);
  });
});

describe("Send test", () => {
  // @trace delivers-a-signed-ping-that-the-receiver-verifie
  it("delivers a signed ping that the receiver verifies, and lists the attempt", async () => {
    const { organization, receiver, endpointId } = await organizationWithReceiver();
    const response = await organization.post(`/_sandbox/webhook-endpoints/${endpointId}/test`, {});
    expect(response.status).toBe(200);
    expect(response.json.attempt).toMatchObject({ event_type: "ping", succeeded: true, response_status: 200 });
    const [ping] = await receiver.waitFor((all) => all.length >= 1, "the ping");
    expect(ping!.event.type).toBe("ping");
    expect(ping!.deliveryId).toBe(response.json.attempt.delivery_id);
    expect((await organization.attempts(endpointId)).map((attempt) => attempt.event_type)).toEqual(["ping"]);
  });

  // @trace sends-nothing-to-an-endpoint-that-is-turned-off
  it("sends nothing to an endpoint that is turned off", async () => {
    const { organization, receiver, endpointId } = await organizationWithReceiver();
    expect((await organization.post(`/_sandbox/webhook-endpoints/${endpointId}/disable`, {})).json.enabled).toBe(false);
    const refused = await organization.post(`/_sandbox/webhook-endpoints/${endpointId}/test`, {});
    expect(refused.status).toBe(409);
    await organization.newSigningRequest();
    expect((await organization.post(`/_sandbox/webhook-endpoints/${endpointId}/enable`, {})).json.enabled).toBe(true);
    // Turned on again, it receives what is published from then on (and nothing from before).
    const request = await organization.newSigningRequest();
    const events = await receiver.waitFor((all) => all.length >= 1, "an event after enabling");
    expect(events.map((entry) => (entry.event.data as { object: { id: string } }).object.id)).toEqual([request.id]);
  });
});
