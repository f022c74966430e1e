// Where the sandbox's platform state lives: in memory for one process, or in Redis so that
// several sandbox processes serve as one (`--state redis://…`). Every write that two requests
// may race on (an action on a signing request) is atomic in both.
import type { CertificateRecord, EnrollmentRecord, OrganizationRecord, StoredSigningRequest } from "./records.js";

export interface RecordKinds {
  organization: OrganizationRecord;
  signingRequest: StoredSigningRequest;
  enrollment: EnrollmentRecord;
  certificate: CertificateRecord;
}

export type RecordKind = keyof RecordKinds;

export interface SandboxState {
  get<K extends RecordKind>(kind: K, id: string): Promise<RecordKinds[K] | null>;
  put<K extends RecordKind>(kind: K, id: string, value: RecordKinds[K]): Promise<void>;
  /**
   * Applies `change` atomically: no other update of the record interleaves. `change` may
   * throw to refuse; the record is then left as it was. Null when there is no such record.
   */
  update<K extends RecordKind>(kind: K, id: string, change: (current: RecordKinds[K]) => RecordKinds[K]): Promise<RecordKinds[K] | null>;

  /** The organization an access token belongs to. */
  organizationOfToken(token: string): Promise<string | null>;
  saveToken(token: string, organizationId: string): Promise<void>;

  /** A new certificate, after every certificate made before it (its `sequence` is assigned here). */
  addCertificate(certificate: Omit<CertificateRecord, "sequence">): Promise<CertificateRecord>;
  removeCertificate(organizationId: string, id: string): Promise<boolean>;
  /** At most `limit` certificates of the organization strictly after `afterSequence`, in order. */
  certificatesAfter(organizationId: string, afterSequence: number | null, limit: number): Promise<CertificateRecord[]>;

  /** A value shared by every process on this state, made once (the cursor secret). */
  sharedSecret(name: string, make: () => string): Promise<string>;
  close(): Promise<void>;
}
