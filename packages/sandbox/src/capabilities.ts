// The capabilities the sandbox's operations need (Authentication 3: an operation that needs
// a capability the organization has not been granted gives 403 capability_not_granted,
// naming it). The interface document names no capabilities; these are the sandbox's own.
import type { OperationHandlers } from "@signing-platform/server";

/** The capability each operation needs, by operationId; an organization without it gets 403 capability_not_granted (Authentication 3). */
export const OPERATION_CAPABILITIES = {
  getSigningRequest: "signing",
  createEnrollment: "enrollment",
  listCertificates: "certificates",
  getCertificate: "certificates",
} as const satisfies Record<keyof OperationHandlers, string>;

/** What a new organization is granted when it does not say: every capability. */
export const ALL_CAPABILITIES: string[] = [...new Set(Object.values(OPERATION_CAPABILITIES))].sort();
