// The sandbox state in the file store (file-store.ts): the memory state, read back from the
// database at start, and each change written through before the call returns. The memory
// state makes every change atomic (no await inside one); the written value is the one it
// returns, so the database ends as the memory does.
import { createMemoryState, type StateSnapshot } from "./memory-state.js";
import { type Database, entriesUnder, type Write } from "./file-database.js";
import type { SandboxState } from "./sandbox-state.js";

const RECORD = "state:record:";
const TOKEN = "state:token:";
const SECRET = "state:secret:";
const SEQUENCE = "state:certificate-sequence";

export async function createFileState(db: Database, write: Write): Promise<SandboxState> {
  const snapshot: StateSnapshot = { records: new Map(), tokens: new Map(), secrets: new Map(), sequence: 0 };
  for await (const [key, value] of entriesUnder(db, "state:")) {
    if (key.startsWith(RECORD)) {
      JSON.parse(value);
      snapshot.records.set(key.slice(RECORD.length), value);
    } else if (key.startsWith(TOKEN)) snapshot.tokens.set(key.slice(TOKEN.length), value);
    else if (key.startsWith(SECRET)) snapshot.secrets.set(key.slice(SECRET.length), value);
    else if (key === SEQUENCE) snapshot.sequence = Number(value) || 0;
  }
  const memory = createMemoryState(snapshot);
  const record = (kind: string, id: string) => `${RECORD}${kind}:${id}`;

  return {
    get: (kind, id) => memory.get(kind, id),
    async put(kind, id, value) {
      await memory.put(kind, id, value);
      await write([{ type: "put", key: record(kind, id), value: JSON.stringify(value) }]);
    },
    async update(kind, id, change) {
      const updated = await memory.update(kind, id, change);
      if (updated !== null) await write([{ type: "put", key: record(kind, id), value: JSON.stringify(updated) }]);
      return updated;
    },
    organizationOfToken: (token) => memory.organizationOfToken(token),
    async saveToken(token, organizationId) {
      await memory.saveToken(token, organizationId);
      await write([{ type: "put", key: `${TOKEN}${token}`, value: organizationId }]);
    },
    async addCertificate(certificate) {
      const added = await memory.addCertificate(certificate);
      await write([
        { type: "put", key: record("certificate", added.id), value: JSON.stringify(added) },
        { type: "put", key: SEQUENCE, value: String(added.sequence) },
      ]);
      return added;
    },
    async removeCertificate(organizationId, id) {
      const removed = await memory.removeCertificate(organizationId, id);
      if (removed) await write([{ type: "del", key: record("certificate", id) }]);
      return removed;
    },
    certificatesAfter: (organizationId, afterSequence, limit) => memory.certificatesAfter(organizationId, afterSequence, limit),
    async sharedSecret(name, make) {
      const value = await memory.sharedSecret(name, make);
      await write([{ type: "put", key: `${SECRET}${name}`, value }]);
      return value;
    },
    async close() {},
  };
}
