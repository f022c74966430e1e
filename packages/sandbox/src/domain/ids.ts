// Identifiers and secrets of the sandbox. Random parts come from the CSPRNG; shapes follow
// the interface document (sr_<id>, evt_<id>, cert_<id>, whsec_…, DECISIONS 1).
import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `length` characters of [0-9A-Za-z] from the CSPRNG, without modulo bias. */
export function randomAlphanumeric(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export function newId(prefix: string): string {
  return `${prefix}_${randomAlphanumeric(20)}`;
}

/** A webhook signing secret: `whsec_` and 32 CSPRNG characters (≥ 190 bits, DECISIONS 1). */
export function newWebhookSecret(): string {
  return `whsec_${randomAlphanumeric(32)}`;
}

/** The code sent to a signer: six digits. */
export function newSignerCode(): string {
  const value = randomBytes(4).readUInt32BE(0) % 1_000_000;
  return value.toString().padStart(6, "0");
}
