// The platform the sandbox plays: organizations, signing requests, certificates and
// enrollments on a SandboxState, and the events each change emits, published through the
// webhook delivery engine to the organization's endpoints.
import type { Event, WebhookEventOfType } from "@signing-platform/types";
import { createEvent, type DeliveryEngine } from "@signing-platform/webhooks/delivery";
import type { JsonObject } from "./api-document.js";
import { newId, randomAlphanumeric } from "./domain/ids.js";
import { eventFromSchema, type SchemaEvent } from "./domain/schema-events.js";
import {
  applyAction,
  createSigningRequest,
  toEventObject,
  toResource,
  type EmittedEvent,
  type SigningAction,
  type SigningRequestRecord,
  type TransitionResult,
} from "./domain/signing-requests.js";
import type { CertificateRecord, EnrollmentRecord, OrganizationRecord, StoredSigningRequest } from "./state/records.js";
import type { SandboxState } from "./state/sandbox-state.js";

export interface PlatformOptions {
  state: SandboxState;
  engine: DeliveryEngine;
  /** The sandbox's public base URL, for documents' content_url. */
  /** The public base URL, once the sandbox listens: documents' content_url are absolute. */
  baseUrl: () => string;
  /** The public API's document: the schemas of the events no flow emits. */
  document: JsonObject;
  now?: () => Date;
}

const stored = (request: SigningRequestRecord): StoredSigningRequest => ({ ...request, createdAt: request.createdAt.toISOString() });
const live = (request: StoredSigningRequest): SigningRequestRecord => ({ ...request, createdAt: new Date(request.createdAt) });

export function createPlatform(options: PlatformOptions) {
  const { state, engine, baseUrl, document, now = () => new Date() } = options;

  async function publish(
    organizationId: string,
    request: SigningRequestRecord,
    types: readonly EmittedEvent[],
    snapshots: TransitionResult["snapshots"] = {},
  ) {
    // One event per outcome, in causal order, each showing the request as it was then;
    // delivery order is not guaranteed (Events 4).
    for (const type of types) {
      const shown = snapshots[type] ?? request;
      // certificate.issued names the certificate too (an addition of the spec).
      const data = {
        object: toEventObject(shown),
        ...(type === "certificate.issued" && shown.certificateId ? { certificate_id: shown.certificateId } : {}),
      };
      const event = createEvent(type, data as WebhookEventOfType<EmittedEvent>["data"], {
        id: newId("evt"),
        createdAt: now(),
      });
      await engine.publish(event, { owner: organizationId });
    }
  }

  async function issueCertificate(organizationId: string): Promise<CertificateRecord> {
    return state.addCertificate({ id: newId("cert"), organizationId, status: "active", created_at: now().toISOString() });
  }

  return {
    async createOrganization(capabilities: string[]): Promise<{ organization: OrganizationRecord; accessToken: string }> {
      const organization: OrganizationRecord = {
        id: newId("org"),
        applicationId: newId("app"),
        capabilities,
        createdAt: now().toISOString(),
      };
      const accessToken = `sbx_${randomAlphanumeric(40)}`;
      await state.put("organization", organization.id, organization);
      await state.saveToken(accessToken, organization.id);
      return { organization, accessToken };
    },

    async organizationOfToken(token: string): Promise<OrganizationRecord | null> {
      const id = await state.organizationOfToken(token);
      return id ? state.get("organization", id) : null;
    },

    async createSigningRequest(organizationId: string, input: { documents: number; firstTimeSigner: boolean; signingFails: boolean }) {
      const { request, events } = createSigningRequest({
        organizationId,
        documents: input.documents,
        firstTimeSigner: input.firstTimeSigner,
        signingFails: input.signingFails,
        contentUrl: (id, index) => `${baseUrl()}/_sandbox/documents/${id}/${index}`,
        now: now(),
      });
      await state.put("signingRequest", request.id, stored(request));
      await publish(organizationId, request, events);
      return toResource(request);
    },

    /** The request as its organization sees it; null for a missing one and for another organization's (Authentication 4). */
    async signingRequest(organizationId: string, id: string): Promise<SigningRequestRecord | null> {
      const record = await state.get("signingRequest", id);
      return record && record.organizationId === organizationId ? live(record) : null;
    },

    /** Applies an action atomically; throws TransitionNotPermitted when the state forbids it. */
    async act(organizationId: string, id: string, action: SigningAction, code?: string) {
      const current = await this.signingRequest(organizationId, id);
      if (!current) return null;
      let outcome: ReturnType<typeof applyAction> | undefined;
      // The certificate is issued only once the transition is known to stand.
      let certificateId: string | null = null;
      await state.update("signingRequest", id, (record) => {
        outcome = applyAction(live(record), {
          action,
          ...(code === undefined ? {} : { code }),
          newCertificateId: () => (certificateId = newId("cert")),
        });
        return stored(outcome.request);
      });
      if (!outcome) return null;
      if (certificateId) {
        await state.addCertificate({ id: certificateId, organizationId, status: "active", created_at: now().toISOString() });
      }
      await publish(organizationId, outcome.request, outcome.events, outcome.snapshots);
      return { resource: toResource(outcome.request), sentCode: outcome.sentCode };
    },

    /** The signed content of a document, once every document is signed; null otherwise. */
    async documentContent(id: string, index: number): Promise<{ found: boolean; signed: boolean; content?: string }> {
      const record = await state.get("signingRequest", id);
      const document = record?.documents[index];
      if (!record || !document) return { found: false, signed: false };
      if (!document.signed) return { found: true, signed: false };
      return {
        found: true,
        signed: true,
        content: `Signed document ${index + 1} of ${record.documents.length} of signing request ${id}.\n`,
      };
    },

    async addCertificates(organizationId: string, count: number): Promise<CertificateRecord[]> {
      const created: CertificateRecord[] = [];
      for (let index = 0; index < count; index++) created.push(await issueCertificate(organizationId));
      return created;
    },

    removeCertificate: (organizationId: string, id: string) => state.removeCertificate(organizationId, id),

    async certificate(organizationId: string, id: string): Promise<CertificateRecord | null> {
      const record = await state.get("certificate", id);
      return record && record.organizationId === organizationId ? record : null;
    },

    certificatesAfter: (organizationId: string, afterSequence: number | null, limit: number) =>
      state.certificatesAfter(organizationId, afterSequence, limit),

    /**
     * An event of `type` with the data its schema gives, published to the organization's
     * endpoints as every event is: any type of the catalogue, also one that no flow emits.
     * Nothing is published when the schema gives no valid event; the result says why.
     */
    async emitFromSchema(organizationId: string, type: string): Promise<SchemaEvent> {
      const made = eventFromSchema(document, type, { id: newId("evt"), createdAt: now() });
      if (made.ok) await engine.publish(made.event as Event, { owner: organizationId });
      return made;
    },

    async createEnrollment(organizationId: string, body: Record<string, unknown>): Promise<EnrollmentRecord> {
      const enrollment: EnrollmentRecord = { id: newId("enr"), organizationId, body, created_at: now().toISOString() };
      await state.put("enrollment", enrollment.id, enrollment);
      return enrollment;
    },
  };
}

export type Platform = ReturnType<typeof createPlatform>;

/** A certificate as the API returns it. Fields beyond `id` are the sandbox's (the shape is open). */
export function certificateResource(certificate: CertificateRecord) {
  return { id: certificate.id, status: certificate.status, created_at: certificate.created_at };
}
