// The sandbox state in Redis (`--redis`): several sandbox processes on one Redis serve as
// one. Records are JSON strings; an update is a compare-and-set retried on a race; each
// organization's certificates are a sorted set scored by a global sequence, so keyset pages
// read a range after the last sequence seen (DECISIONS 11).
import type { Redis } from "ioredis";
import type { SandboxState } from "./sandbox-state.js";

const compareAndSet = `if redis.call("GET", KEYS[1]) == ARGV[1] then redis.call("SET", KEYS[1], ARGV[2]) return 1 end return 0`;

export function createRedisState(redis: Redis, prefix = "signing-platform:sandbox:"): SandboxState {
  const keys = {
    record: (kind: string, id: string) => `${prefix}record:${kind}:${id}`,
    token: (token: string) => `${prefix}token:${token}`,
    certificates: (organizationId: string) => `${prefix}certificates:${organizationId}`,
    sequence: `${prefix}certificate-sequence`,
    secret: (name: string) => `${prefix}secret:${name}`,
  };
  const parse = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

  return {
    async get(kind, id) {
      return parse(await redis.get(keys.record(kind, id)));
    },
    async put(kind, id, value) {
      await redis.set(keys.record(kind, id), JSON.stringify(value));
    },
    async update(kind, id, change) {
      for (let round = 0; round < 50; round++) {
        const before = await redis.get(keys.record(kind, id));
        if (before === null) return null;
        const after = change(JSON.parse(before));
        if ((await redis.eval(compareAndSet, 1, keys.record(kind, id), before, JSON.stringify(after))) === 1) return after;
      }
      throw new Error("The record is being changed by too many requests at once.");
    },
    async organizationOfToken(token) {
      return redis.get(keys.token(token));
    },
    async saveToken(token, organizationId) {
      await redis.set(keys.token(token), organizationId);
    },
    async addCertificate(certificate) {
      const sequence = await redis.incr(keys.sequence);
      const record = { ...certificate, sequence };
      await redis
        .multi()
        .set(keys.record("certificate", record.id), JSON.stringify(record))
        .zadd(keys.certificates(record.organizationId), sequence, record.id)
        .exec();
      return record;
    },
    async removeCertificate(organizationId, id) {
      const results = await redis.multi().zrem(keys.certificates(organizationId), id).del(keys.record("certificate", id)).exec();
      return results?.[0]?.[1] === 1;
    },
    async certificatesAfter(organizationId, afterSequence, limit) {
      const min = afterSequence === null ? "-inf" : `(${afterSequence}`;
      const ids = await redis.zrangebyscore(keys.certificates(organizationId), min, "+inf", "LIMIT", 0, limit);
      if (ids.length === 0) return [];
      const values = await redis.mget(ids.map((id) => keys.record("certificate", id)));
      // A certificate removed between the two reads is simply not on the page.
      return values.filter((value): value is string => value !== null).map((value) => JSON.parse(value));
    },
    async sharedSecret(name, make) {
      await redis.set(keys.secret(name), make(), "NX");
      return (await redis.get(keys.secret(name)))!;
    },
    async close() {},
  };
}
