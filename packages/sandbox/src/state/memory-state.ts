// The sandbox state of one process.
import type { SandboxState } from "./sandbox-state.js";

export function createMemoryState(): SandboxState {
  const records = new Map<string, unknown>();
  const tokens = new Map<string, string>();
  const certificates = new Map<string, Map<string, number>>();
  const secrets = new Map<string, string>();
  let sequence = 0;
  const key = (kind: string, id: string) => `${kind}:${id}`;
  const clone = <T>(value: T): T => structuredClone(value);

  return {
    async get(kind, id) {
      const value = records.get(key(kind, id));
      return value === undefined ? null : clone(value as never);
    },
    async put(kind, id, value) {
      records.set(key(kind, id), clone(value));
    },
    async update(kind, id, change) {
      const current = records.get(key(kind, id));
      if (current === undefined) return null;
      const next = change(clone(current as never));
      records.set(key(kind, id), clone(next));
      return clone(next);
    },
    async organizationOfToken(token) {
      return tokens.get(token) ?? null;
    },
    async saveToken(token, organizationId) {
      tokens.set(token, organizationId);
    },
    async addCertificate(certificate) {
      const record = { ...certificate, sequence: ++sequence };
      records.set(key("certificate", record.id), clone(record));
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
      return list.map(([id]) => clone(records.get(key("certificate", id)) as never));
    },
    async sharedSecret(name, make) {
      if (!secrets.has(name)) secrets.set(name, make());
      return secrets.get(name)!;
    },
    async close() {},
  };
}
