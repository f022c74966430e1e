// Opaque, tamper-evident cursors (docs/decisions.md#cursor-pagination): base64url of the keyset position, a dot,
// and an HMAC-SHA256 over it and the scope the cursor was made for (the operation and the
// organization). A cursor changed by one character, made with another secret, or carried
// to another list or another organization fails to verify: 400 bad_request.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { KeysetPosition } from "./keyset.js";

export interface CursorCodec {
  encode(position: KeysetPosition, scope: string): string;
  /** The position, or null when the cursor is malformed, tampered with, or of another scope. */
  decode(cursor: string, scope: string): KeysetPosition | null;
}

const MINIMUM_SECRET_LENGTH = 32;
const MAXIMUM_CURSOR_LENGTH = 1024;
const SHAPE = /^[A-Za-z0-9_-]{1,960}\.[A-Za-z0-9_-]{43}$/;

/**
 * `secret` signs new cursors; during a rotation pass `[newSecret, oldSecret]`: the first
 * signs, every one verifies, so cursors held by clients keep working until they expire
 * from use.
 */
export function createCursorCodec(secret: string | readonly string[]): CursorCodec {
  const secrets = typeof secret === "string" ? [secret] : [...secret];
  if (secrets.length === 0 || secrets.some((value) => value.length < MINIMUM_SECRET_LENGTH)) {
    throw new TypeError(`A cursor secret must be at least ${MINIMUM_SECRET_LENGTH} characters long.`);
  }
  const mac = (key: string, scope: string, payload: string) =>
    createHmac("sha256", key).update(`cursor.v1\n${scope}\n${payload}`).digest("base64url");

  return {
    encode(position, scope) {
      const payload = Buffer.from(JSON.stringify([position.key, position.id])).toString("base64url");
      return `${payload}.${mac(secrets[0]!, scope, payload)}`;
    },
    decode(cursor, scope) {
      if (cursor.length > MAXIMUM_CURSOR_LENGTH || !SHAPE.test(cursor)) return null;
      const [payload, signature] = cursor.split(".") as [string, string];
      // Compared as text: base64url decoding forgives the unused low bits of the last
      // character, so two different strings can decode to the same bytes.
      const given = Buffer.from(signature);
      const verified = secrets.some((key) => timingSafeEqual(given, Buffer.from(mac(key, scope, payload))));
      return verified ? positionOf(payload) : null;
    },
  };
}

function positionOf(payload: string): KeysetPosition | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [key, id] = value as unknown[];
  const keyIsValid = typeof key === "string" || (typeof key === "number" && Number.isFinite(key));
  return keyIsValid && typeof id === "string" ? { key: key as string | number, id } : null;
}
