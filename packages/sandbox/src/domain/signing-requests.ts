// The signing request as the interface document tells it (What the service does; States
// and transitions; Events): created → the signer accepts and a code is sent → for a
// first-time signer a certificate is issued just before signing → every document is signed
// → completed. Or declined, canceled, expired; or failed with code_attempts_exhausted
// (too many wrong codes) or signing_failed, and then nothing was signed.
//
// The status values other than `completed` are not specified by the source; the sandbox
// uses pending, accepted, completed, declined, canceled, expired and failed. The failure
// reason's field is not specified either; the sandbox adds `failure_reason` (the resource
// is open, "other fields: not shown").
import type { KnownEventType } from "@signing-platform/types";
import { newId, newSignerCode, randomAlphanumeric } from "./ids.js";

/** Wrong codes allowed before the request fails with code_attempts_exhausted. */
export const MAX_CODE_ATTEMPTS = 3;

export type SigningRequestStatus = "pending" | "accepted" | "completed" | "declined" | "canceled" | "expired" | "failed";
export type FailureReason = "code_attempts_exhausted" | "signing_failed";
export type SigningAction = "accept" | "enter_code" | "decline" | "cancel" | "expire";

export interface SigningDocument {
  content_url: string;
  /** Whether the document has been signed; its content is served only then. */
  signed: boolean;
}

export interface SigningRequestRecord {
  id: string;
  organizationId: string;
  clientSecret: string;
  status: SigningRequestStatus;
  documents: SigningDocument[];
  firstTimeSigner: boolean;
  /** Simulation: signing fails after the right code is entered. */
  signingFails: boolean;
  sentCode: string | null;
  wrongCodeAttempts: number;
  failureReason: FailureReason | null;
  certificateId: string | null;
  createdAt: Date;
}

/** The events a transition emits, in causal order (delivery order is not guaranteed). */
export type EmittedEvent = Exclude<KnownEventType, "ping">;

export interface TransitionResult {
  request: SigningRequestRecord;
  events: EmittedEvent[];
  /**
   * The request as an event shows it, where that differs from the final `request`: the
   * certificate is issued before signing, so certificate.issued shows the request not yet
   * completed.
   */
  snapshots?: Partial<Record<EmittedEvent, SigningRequestRecord>>;
  /** The code sent to the signer (on accept), standing in for the message the signer receives. */
  sentCode?: string;
}

/** A transition the request's state does not permit: 409 conflict (Errors › Error codes). */
export class TransitionNotPermitted extends Error {
  constructor(
    readonly action: SigningAction,
    readonly status: SigningRequestStatus,
  ) {
    super(`The signing request is ${status}; ${action} is not permitted.`);
    this.name = "TransitionNotPermitted";
  }
}

export interface NewSigningRequest {
  organizationId: string;
  documents: number;
  firstTimeSigner: boolean;
  signingFails?: boolean;
  /** Builds each document's content_url from the request id and the document's index. */
  contentUrl: (requestId: string, index: number) => string;
  now: Date;
}

export function createSigningRequest(input: NewSigningRequest): TransitionResult {
  const id = newId("sr");
  const request: SigningRequestRecord = {
    id,
    organizationId: input.organizationId,
    clientSecret: `${id}_secret_${randomAlphanumeric(24)}`,
    status: "pending",
    documents: Array.from({ length: input.documents }, (_, index) => ({
      content_url: input.contentUrl(id, index),
      signed: false,
    })),
    firstTimeSigner: input.firstTimeSigner,
    signingFails: input.signingFails ?? false,
    sentCode: null,
    wrongCodeAttempts: 0,
    failureReason: null,
    certificateId: null,
    createdAt: input.now,
  };
  return { request, events: ["signing_request.created"] };
}

const OPEN: SigningRequestStatus[] = ["pending", "accepted"];

function requireStatus(request: SigningRequestRecord, action: SigningAction, allowed: SigningRequestStatus[]) {
  if (!allowed.includes(request.status)) throw new TransitionNotPermitted(action, request.status);
}

function finish(request: SigningRequestRecord, status: SigningRequestStatus, event: EmittedEvent): TransitionResult {
  return { request: { ...request, status }, events: [event] };
}

/** Signs every document, issuing the first-time signer's certificate just before. */
function signAll(request: SigningRequestRecord, newCertificateId: () => string): TransitionResult {
  const events: EmittedEvent[] = [];
  const snapshots: TransitionResult["snapshots"] = {};
  let certificateId = request.certificateId;
  if (request.firstTimeSigner) {
    certificateId = newCertificateId();
    events.push("certificate.issued");
    snapshots["certificate.issued"] = { ...request, certificateId };
  }
  if (request.signingFails) {
    // Signing could not be completed: nothing was signed.
    events.push("signing_request.failed");
    return { request: { ...request, certificateId, status: "failed", failureReason: "signing_failed" }, events, snapshots };
  }
  events.push("signing_request.completed");
  const documents = request.documents.map((document) => ({ ...document, signed: true }));
  return { request: { ...request, certificateId, documents, status: "completed" }, events, snapshots };
}

export interface ActionInput {
  action: SigningAction;
  code?: string;
  /** Called when a first-time signer's certificate is issued; returns its id. */
  newCertificateId: () => string;
}

/** Applies a signer's or customer's action; throws TransitionNotPermitted when the state forbids it. */
export function applyAction(request: SigningRequestRecord, input: ActionInput): TransitionResult {
  switch (input.action) {
    case "accept": {
      requireStatus(request, "accept", ["pending"]);
      const sentCode = newSignerCode();
      return { request: { ...request, status: "accepted", sentCode }, events: ["signing_request.accepted"], sentCode };
    }
    case "enter_code": {
      requireStatus(request, "enter_code", ["accepted"]);
      if (input.code !== undefined && input.code === request.sentCode) return signAll(request, input.newCertificateId);
      const wrongCodeAttempts = request.wrongCodeAttempts + 1;
      if (wrongCodeAttempts >= MAX_CODE_ATTEMPTS) {
        return {
          request: { ...request, wrongCodeAttempts, status: "failed", failureReason: "code_attempts_exhausted" },
          events: ["signing_request.failed"],
        };
      }
      return { request: { ...request, wrongCodeAttempts }, events: [] };
    }
    case "decline":
      requireStatus(request, "decline", OPEN);
      return finish(request, "declined", "signing_request.declined");
    case "cancel":
      requireStatus(request, "cancel", OPEN);
      return finish(request, "canceled", "signing_request.canceled");
    case "expire":
      requireStatus(request, "expire", OPEN);
      return finish(request, "expired", "signing_request.expired");
  }
}

/** The resource as GET /v1/signing-requests/{id} returns it, including client_secret. */
export function toResource(request: SigningRequestRecord) {
  return {
    id: request.id,
    object: "signing_request" as const,
    status: request.status,
    client_secret: request.clientSecret,
    documents: request.documents.map((document) => ({ content_url: document.content_url })),
    ...(request.failureReason ? { failure_reason: request.failureReason } : {}),
  };
}

/** The resource as events carry it in data.object: without client_secret (Resources › Event). */
export function toEventObject(request: SigningRequestRecord) {
  const { client_secret: _omitted, ...rest } = toResource(request);
  return rest;
}
