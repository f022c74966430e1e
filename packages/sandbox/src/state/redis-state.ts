// The sandbox state in Redis (`--state redis://…`): several sandbox processes on one Redis
// serve as one. Records are JSON strings; an update is a compare-and-set retried on a race;
// each organization's certificates are a sorted set scored by a global sequence, so keyset
// pages read a range after the last sequence seen (docs/decisions.md#cursor-pagination).
import type { Redis } from "ioredis";
import type { SandboxState } from "./sandbox-state.js";

const compareAndSet = `if redis.call("GET", KEYS[1]) == ARGV[1] then redis.call("SET", KEYS[1], ARGV[2]) return 1 end return 0`;
// The sequence is taken and the certificate made visible in one step. Apart, a certificate
// made later could be listed first, a page could read past its sequence, and this one, added
// behind that page, would be skipped by the walk (docs/decisions.md#cursor-pagination).
const addCertificateScript = `
local sequence = redis.call("INCR", KEYS[1])
local record = cjson.decode(ARGV[1])
record["sequence"] = sequence
redis.call("SET", KEYS[2], cjson.encode(record))
redis.call("ZADD", KEYS[3], sequence, record["id"])
return sequence`;
// A page's ids and records read in one step. Apart, a certificate removed in between left
// the page short, and a short page reads as the last one: the walk ended early, skipping
// every certificate after it.
const certificatesAfterScript = `
local ids = redis.call("ZRANGEBYSCORE", KEYS[1], ARGV[1], "+inf", "LIMIT", 0, tonumber(ARGV[2]))
if #ids == 0 then return {} end
local keys = {}
for index, id in ipairs(ids) do keys[index] = ARGV[3] .. id end
return redis.call("MGET", unpack(keys))`;
const removeOwnedCertificate = `if redis.call("ZREM", KEYS[1], ARGV[1]) == 1 then redis.call("DEL", KEYS[2]) return 1 end return 0`;

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
      const sequence = Number(
        await redis.eval(
          addCertificateScript,
          3,
          keys.sequence,
          keys.record("certificate", certificate.id),
          keys.certificates(certificate.organizationId),
          JSON.stringify(certificate),
        ),
      );
      return { ...certificate, sequence };
    },
    async removeCertificate(organizationId, id) {
      // Only the owner's: the record goes only if the id was in this organization's set.
      return (await redis.eval(removeOwnedCertificate, 2, keys.certificates(organizationId), keys.record("certificate", id), id)) === 1;
    },
    async certificatesAfter(organizationId, afterSequence, limit) {
      const min = afterSequence === null ? "-inf" : `(${afterSequence}`;
      const values = (await redis.eval(
        certificatesAfterScript,
        1,
        keys.certificates(organizationId),
        min,
        limit,
        keys.record("certificate", ""),
      )) as (string | null)[];
      return values.filter((value): value is string => value !== null).map((value) => JSON.parse(value));
    },
    async sharedSecret(name, make) {
      await redis.set(keys.secret(name), make(), "NX");
      return (await redis.get(keys.secret(name)))!;
    },
    async close() {},
  };
}
