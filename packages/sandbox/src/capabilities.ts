// The capabilities the sandbox's operations need (Authentication 3: an operation that needs
// a capability the organization has not been granted gives 403 capability_not_granted,
// naming it). The interface document names no capabilities; these are the sandbox's own. An
// operation named here needs the capability given; any other, the capability of its tag, so
// that an operation added to the spec needs no edit here.
import type { OperationHandlers } from "@signing-platform/server";
import { documentedOperations, type JsonObject } from "./api-document.js";

/** The capability each operation named here needs, by operationId; an organization without it gets 403 capability_not_granted (Authentication 3). Every other operation needs the capability of its tag. */
export const OPERATION_CAPABILITIES = {
  getSigningRequest: "signing",
  createEnrollment: "enrollment",
  listCertificates: "certificates",
  getCertificate: "certificates",
} as const satisfies Partial<Record<keyof OperationHandlers, string>>;

/** "Delivery packages" → delivery-packages. */
const kebabCase = (tag: string) =>
  tag
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * The capability of every operation of the document, by operationId: the one
 * OPERATION_CAPABILITIES gives it; else the one it gives the first operation of the same
 * (first) tag (a new signing-request operation needs `signing`); else its tag in kebab case
 * (an operation of a new tag "Delivery packages" needs `delivery-packages`). An operation
 * without a tag needs none.
 */
export function operationCapabilities(document: JsonObject): Record<string, string> {
  const named: Readonly<Record<string, string>> = OPERATION_CAPABILITIES;
  const operations = documentedOperations(document);
  const byTag = new Map<string, string>();
  for (const { operationId, tags } of operations) {
    const capability = named[operationId];
    if (capability !== undefined && tags[0] !== undefined && !byTag.has(tags[0])) byTag.set(tags[0], capability);
  }
  const capabilities: Record<string, string> = {};
  for (const { operationId, tags } of operations) {
    const tag = tags[0];
    const capability = named[operationId] ?? (tag === undefined ? undefined : (byTag.get(tag) ?? kebabCase(tag)));
    if (capability) capabilities[operationId] = capability;
  }
  return capabilities;
}

/** What a new organization is granted when it does not say: every capability an operation needs. */
export function everyCapability(capabilities: Readonly<Record<string, string>>): string[] {
  return [...new Set(Object.values(capabilities))].sort();
}
