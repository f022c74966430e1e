import { describe, expect, it } from "vitest";
import {
  MAX_CODE_ATTEMPTS,
  TransitionNotPermitted,
  applyAction,
  createSigningRequest,
  toEventObject,
  toResource,
  type SigningAction,
  type SigningRequestRecord,
} from "../../src/domain/signing-requests.js";

const now = new Date("2026-11-21T06:40:00Z");
let certificates = 0;
const newCertificateId = () => `cert_test${++certificates}`;

function created(options: { firstTimeSigner?: boolean; signingFails?: boolean; documents?: number } = {}) {
  return createSigningRequest({
    organizationId: "org_1",
    documents: options.documents ?? 2,
    firstTimeSigner: options.firstTimeSigner ?? false,
    signingFails: options.signingFails ?? false,
    contentUrl: (id, index) => `http://127.0.0.1:4010/_sandbox/documents/${id}/${index}`,
    now,
  });
}

function accepted(options: Parameters<typeof created>[0] = {}) {
  const result = applyAction(created(options).request, { action: "accept", newCertificateId });
  return { request: result.request, code: result.sentCode! };
}

describe("signing request", () => {
  it("is created pending with an sr_ id, a client secret and its documents, emitting created", () => {
    const { request, events } = created({ documents: 3 });
    expect(request.id).toMatch(/^sr_[A-Za-z0-9]+$/);
    expect(request.status).toBe("pending");
    expect(request.clientSecret).toContain(request.id);
    expect(request.documents).toHaveLength(3);
    expect(events).toEqual(["signing_request.created"]);
  });

  it("sends a six-digit code when the signer accepts", () => {
    const result = applyAction(created().request, { action: "accept", newCertificateId });
    expect(result.sentCode).toMatch(/^\d{6}$/);
    expect(result.request.status).toBe("accepted");
    expect(result.events).toEqual(["signing_request.accepted"]);
  });

  it("issues a first-time signer's certificate just before signing, then completes", () => {
    const { request, code } = accepted({ firstTimeSigner: true });
    const result = applyAction(request, { action: "enter_code", code, newCertificateId });
    expect(result.events).toEqual(["certificate.issued", "signing_request.completed"]);
    expect(result.request.status).toBe("completed");
    expect(result.request.certificateId).toMatch(/^cert_/);
    expect(result.request.documents.every((document) => document.signed)).toBe(true);
    // certificate.issued shows the request as it was then: accepted, nothing signed yet.
    expect(result.snapshots?.["certificate.issued"]).toMatchObject({ status: "accepted", certificateId: result.request.certificateId });
    expect(result.snapshots?.["certificate.issued"]?.documents.some((document) => document.signed)).toBe(false);
  });

  it("completes without a certificate event for a returning signer", () => {
    const { request, code } = accepted();
    expect(applyAction(request, { action: "enter_code", code, newCertificateId }).events).toEqual(["signing_request.completed"]);
  });

  it(`fails with code_attempts_exhausted after ${MAX_CODE_ATTEMPTS} wrong codes, signing nothing`, () => {
    let { request } = accepted();
    for (let attempt = 1; attempt < MAX_CODE_ATTEMPTS; attempt++) {
      const result = applyAction(request, { action: "enter_code", code: "000000x", newCertificateId });
      expect(result.events).toEqual([]);
      request = result.request;
    }
    const last = applyAction(request, { action: "enter_code", code: "wrong", newCertificateId });
    expect(last.events).toEqual(["signing_request.failed"]);
    expect(last.request).toMatchObject({ status: "failed", failureReason: "code_attempts_exhausted" });
    expect(last.request.documents.some((document) => document.signed)).toBe(false);
  });

  it("fails with signing_failed when signing cannot be completed, signing nothing", () => {
    const { request, code } = accepted({ signingFails: true });
    const result = applyAction(request, { action: "enter_code", code, newCertificateId });
    expect(result.events).toEqual(["signing_request.failed"]);
    expect(result.request).toMatchObject({ status: "failed", failureReason: "signing_failed" });
    expect(result.request.documents.some((document) => document.signed)).toBe(false);
  });

  it.each<[SigningAction, string, string]>([
    ["decline", "declined", "signing_request.declined"],
    ["cancel", "canceled", "signing_request.canceled"],
    ["expire", "expired", "signing_request.expired"],
  ])("%s moves an open request to %s and emits %s", (action, status, event) => {
    for (const request of [created().request, accepted().request]) {
      const result = applyAction(request, { action, newCertificateId });
      expect(result.request.status).toBe(status);
      expect(result.events).toEqual([event]);
    }
  });

  it.each<[string, () => SigningRequestRecord, SigningAction]>([
    ["enter a code before accepting", () => created().request, "enter_code"],
    ["accept twice", () => accepted().request, "accept"],
    [
      "cancel a completed request",
      () => {
        const { request, code } = accepted();
        return applyAction(request, { action: "enter_code", code, newCertificateId }).request;
      },
      "cancel",
    ],
    ["decline a canceled request", () => applyAction(created().request, { action: "cancel", newCertificateId }).request, "decline"],
    ["expire an expired request", () => applyAction(created().request, { action: "expire", newCertificateId }).request, "expire"],
  ])("refuses to %s", (_name, make, action) => {
    expect(() => applyAction(make(), { action, code: "123456", newCertificateId })).toThrow(TransitionNotPermitted);
  });

  it("shows client_secret on the resource and never in the event object", () => {
    const { request } = created();
    expect(toResource(request).client_secret).toBe(request.clientSecret);
    expect(toEventObject(request)).not.toHaveProperty("client_secret");
    expect(toEventObject(request)).toMatchObject({ id: request.id, object: "signing_request", status: "pending" });
  });
});
