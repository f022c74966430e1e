// The sandbox state of one process. Records are kept as JSON text, as the Redis state keeps
// them: a caller never shares an object with the store, both states round-trip values the
// same way, and a write and a read cost one JSON.stringify and one JSON.parse (cheaper than
// structuredClone for these small records, which showed in profiles of the benchmark).
import type { CertificateRecord } from "./records.js";
import type { SandboxState } from "./sandbox-state.js";

/** What the file store reads back at start: the maps below as they were, keyed alike. */
export interface StateSnapshot {
  /** JSON text by `kind:id`, certificates with their sequence. */
  records: Map<string, string>;
  tokens: Map<string, string>;
  secrets: Map<string, string>;
  /** The last certificate sequence given (a removed certificate's is never given again). */
  sequence: number;
}

export function createMemoryState(restored?: StateSnapshot): SandboxState {
  const records = new Map<string, string>(restored?.records);
  const tokens = new Map<string, string>(restored?.tokens);
  const certificates = new Map<string, Map<string, number>>();
  const secrets = new Map<string, string>(restored?.secrets);
  let sequence = restored?.sequence ?? 0;
  const key = (kind: string, id: string) => `${kind}:${id}`;
  const text = (value: unknown) => JSON.stringify(value);
  const parse = <T>(value: string): T => JSON.parse(value) as T;
  for (const [name, value] of records) {
    if (!name.startsWith("certificate:")) continue;
    const certificate = parse<CertificateRecord>(value);
    const list = certificates.get(certificate.organizationId) ?? new Map<string, number>();
    list.set(certificate.id, certificate.sequence);
    certificates.set(certificate.organizationId, list);
    sequence = Math.max(sequence, certificate.sequence);
  }

  return {
    async get(kind, id) {
      const value = records.get(key(kind, id));
      return value === undefined ? null : parse(value);
    },
    async put(kind, id, value) {
      records.set(key(kind, id), text(value));
    },
    async update(kind, id, change) {
      const current = records.get(key(kind, id));
      if (current === undefined) return null;
      const next = change(parse(current));
      const written = text(next);
      records.set(key(kind, id), written);
      return parse(written);
    },
    async organizationOfToken(token) {
      return tokens.get(token) ?? null;
    },
    async saveToken(token, organizationId) {
      tokens.set(token, organizationId);
    },
    async addCertificate(certificate) {
      const record = { ...certificate, sequence: ++sequence };
      records.set(key("certificate", record.id), text(record));
      const list = certificates.get(record.organizationId) ?? new Map<string, number>();
      list.set(record.id, record.sequence);
      certificates.set(record.organizationId, list);
      return record;
    },
    async removeCertificate(organizationId, id) {
      // Only the owner's: another organization's id is not found, and its record stays.
      if (!certificates.get(organizationId)?.delete(id)) return false;
      records.delete(key("certificate", id));
      return true;
    },
    async certificatesAfter(organizationId, afterSequence, limit) {
      const list = [...(certificates.get(organizationId) ?? new Map<string, number>()).entries()]
        .filter(([, position]) => afterSequence === null || position > afterSequence)
        .sort((a, b) => a[1] - b[1])
        .slice(0, limit);
      return list.map(([id]) => parse(records.get(key("certificate", id))!));
    },
    async sharedSecret(name, make) {
      if (!secrets.has(name)) secrets.set(name, make());
      return secrets.get(name)!;
    },
    async close() {},
  };
}
