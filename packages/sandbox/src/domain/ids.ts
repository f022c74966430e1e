// Identifiers and secrets of the sandbox. Random parts come from the CSPRNG; shapes follow
// the interface document (sr_<id>, evt_<id>, cert_<id>, whsec_…, docs/decisions.md#signing-key).
import { randomFillSync, randomInt } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

// CSPRNG bytes drawn 4 KiB at a time, each handed out once: one call per ~200 ids instead of
// a randomBytes Buffer per id (which showed in profiles of the benchmark).
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomByte(): number {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++]!;
}

/** `length` characters of [0-9A-Za-z] from the CSPRNG, without modulo bias. */
export function randomAlphanumeric(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    // 248 = 4 × 62: the bytes above it would make the first 8 characters likelier.
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

export function newId(prefix: string): string {
  return `${prefix}_${randomAlphanumeric(20)}`;
}

/** The code sent to a signer: six digits, uniform (randomInt has no modulo bias). */
export function newSignerCode(): string {
  return randomInt(1_000_000).toString().padStart(6, "0");
}
