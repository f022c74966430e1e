// Opaque, tamper-evident cursors (docs/decisions.md#cursor-pagination): base64url of the keyset position, a dot,
// and an HMAC-SHA256 over it and the scope the cursor was made for (the operation and the
// organization). A cursor changed by one character, made with another secret, or carried
// to another list or another organization fails to verify: 400 bad_request. The API plugin
// reads the cursors of the document's lists with it; a list written by hand uses the same
// codec, so its cursors are as opaque and as bound as the API's.
import { createHmac, timingSafeEqual } from "node:crypto";
import { ApiErrorResponse } from "../errors/api-error-response.js";
import type { KeysetPosition } from "./keyset.js";

/** Signs keyset positions into opaque cursors and reads them back, bound to a scope (a list and an organization). */
export interface CursorCodec {
  /** The cursor of `position`, valid only for `scope`. */
  encode(position: KeysetPosition, scope: string): string;
  /** The position, or null when the cursor is malformed, tampered with, or of another scope. */
  decode(cursor: string, scope: string): KeysetPosition | null;
  /** The position, or throws {@link invalidCursor} naming `parameter` (default `cursor`): a handler lets it propagate to answer 400. */
  verify(cursor: string, scope: string, parameter?: string): KeysetPosition;
}

/** The shortest cursor secret accepted (docs/decisions.md#cursor-pagination). */
export const MINIMUM_CURSOR_SECRET_LENGTH = 32;
const MINIMUM_SECRET_LENGTH = MINIMUM_CURSOR_SECRET_LENGTH;
const MAXIMUM_CURSOR_LENGTH = 1024;
const SHAPE = /^[A-Za-z0-9_-]{1,960}\.[A-Za-z0-9_-]{43}$/;

const describe = (value: unknown): string =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "an array"
      : typeof value === "string"
        ? `a string of ${value.length} characters`
        : typeof value;

/** Throws a one-line TypeError starting with `name` unless `secret` is a cursor secret, or a non-empty list of them. */
export function checkCursorSecret(name: string, secret: unknown): asserts secret is string | readonly string[] {
  const rule = `must be a string of at least ${MINIMUM_SECRET_LENGTH} characters, or [current, previous] while rotating`;
  if (typeof secret === "string") {
    if (secret.length < MINIMUM_SECRET_LENGTH) throw new TypeError(`${name} ${rule}; got ${describe(secret)}.`);
    return;
  }
  if (!Array.isArray(secret) || secret.length === 0) throw new TypeError(`${name} ${rule}; got ${describe(secret)}.`);
  secret.forEach((value: unknown, index) => {
    if (typeof value !== "string" || value.length < MINIMUM_SECRET_LENGTH)
      throw new TypeError(`${name}[${index}] ${rule}; got ${describe(value)}.`);
  });
}

/**
 * 400 bad_request naming `parameter` with the detail code `invalid_cursor`: the answer to a cursor that does not verify (docs/decisions.md#cursor-pagination).
 * @example
 * ```ts
 * import { invalidCursor } from "@signing-platform/server";
 *
 * throw invalidCursor("cursor");
 * ```
 */
export function invalidCursor(parameter = "cursor"): ApiErrorResponse {
  return new ApiErrorResponse("bad_request", {
    message: "The cursor is not valid: use the cursor of the previous page, unchanged.",
    details: [{ field: parameter, code: "invalid_cursor", message: "is not a cursor issued for this list" }],
  });
}

/**
 * The cursor codec of a list: `secret` signs new cursors; during a rotation pass
 * `[newSecret, oldSecret]`: the first signs, every one verifies, so cursors held by clients
 * keep working until they expire from use. Bind each cursor to its list and organization
 * through `scope`.
 * @example
 * ```ts
 * import { createCursorCodec } from "@signing-platform/server";
 *
 * const cursors = createCursorCodec("a secret of at least thirty-two characters");
 * const scope = "listWebhookEndpoints\norg_a";
 * const next = cursors.encode({ key: "2026-01-01T00:00:00.000Z", id: "we_1" }, scope);
 * const after = cursors.verify(next, scope); // { key: "2026-01-01T00:00:00.000Z", id: "we_1" }
 * ```
 */
export function createCursorCodec(secret: string | readonly string[]): CursorCodec {
  checkCursorSecret("createCursorCodec: secret", secret);
  const secrets = typeof secret === "string" ? [secret] : [...secret];
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
    verify(cursor, scope, parameter = "cursor") {
      const position = this.decode(cursor, scope);
      if (position === null) throw invalidCursor(parameter);
      return position;
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
