// What the sandbox keeps, besides the webhook delivery engine's own store.
import type { SigningRequestRecord } from "../domain/signing-requests.js";

export interface OrganizationRecord {
  id: string;
  applicationId: string;
  capabilities: string[];
  createdAt: string;
}

export interface CertificateRecord {
  id: string;
  organizationId: string;
  /** Immutable sort key of the list (docs/decisions.md#cursor-pagination): the order of creation. */
  sequence: number;
  status: "active";
  created_at: string;
}

export interface EnrollmentRecord {
  id: string;
  organizationId: string;
  body: Record<string, unknown>;
  created_at: string;
}

export type StoredSigningRequest = Omit<SigningRequestRecord, "createdAt"> & { createdAt: string };
