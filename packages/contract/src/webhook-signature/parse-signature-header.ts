// docs/decisions.md#signature-header, as one pure function: comma-separated `key=value` items, spaces around items
// ignored; exactly one `t`, decimal digits only; any number of `v1`, of which a match with any
// one passes (rotation); unknown schemes such as `v0` ignored; no usable `v1` → rejected.
import type { SignatureFormat } from "./signature-format.js";
import { WebhookVerificationError } from "./webhook-verification-error.js";

export interface ParsedSignatureHeader {
  /** `t` exactly as written in the header: the signed string starts with it (Signature check 1). */
  timestampText: string;
  /** `t` as a number of Unix seconds. */
  timestamp: number;
  /** Every usable `v1` value, decoded from hex: 32 bytes each. */
  signatures: Uint8Array[];
}

/** What a header may arrive as from the frameworks: one value, several, or none. */
export type SignatureHeaderInput = string | readonly string[] | null | undefined;

const digits = /^[0-9]+$/;
const sha256HexLength = 64;
// Real headers are under 200 bytes (one `t`, two `v1`); Node caps all headers at 16 KiB.
// The cap bounds the work an unauthenticated caller can ask for.
const maxHeaderLength = 8192;

function malformed(format: SignatureFormat, reason: string): WebhookVerificationError {
  return new WebhookVerificationError(
    "malformed_header",
    `The ${format.header} header is malformed: ${reason}. Expected "t=<unix seconds>,${format.scheme}=<hex HMAC-SHA256>".`,
  );
}

// Value of each hex digit by character code, -1 for anything else (indexed below 128 only).
// A table and one pass instead of a regular expression and Buffer.from(hex): the header is
// parsed on every delivery, and `npm run bench -- webhooks` needs the small event's whole
// verification within ≈ 5 µs to stay ahead of stripe-node.
const hexValue = new Int8Array(128).fill(-1);
for (let digit = 0; digit < 16; digit++) {
  hexValue["0123456789abcdef".charCodeAt(digit)] = digit;
  hexValue["0123456789ABCDEF".charCodeAt(digit)] = digit;
}

function hexDigit(code: number): number {
  return code < 128 ? hexValue[code]! : -1;
}

/** The 32 bytes of a 64-hex-digit value, or undefined when it is anything else. */
function sha256FromHex(hex: string): Uint8Array | undefined {
  if (hex.length !== sha256HexLength) return undefined;
  const bytes = new Uint8Array(sha256HexLength / 2);
  // Any non-digit makes `invalid` negative; checked once after the loop (the common case is valid).
  let invalid = 0;
  for (let index = 0; index < bytes.length; index++) {
    const high = hexDigit(hex.charCodeAt(index * 2));
    const low = hexDigit(hex.charCodeAt(index * 2 + 1));
    invalid |= high | low;
    bytes[index] = (high << 4) | low;
  }
  return invalid < 0 ? undefined : bytes;
}

/** The single header value, or a typed error when there is none or several. */
function singleHeaderValue(format: SignatureFormat, header: unknown): string {
  if (Array.isArray(header)) {
    if (header.length === 1) return singleHeaderValue(format, header[0]);
    if (header.length === 0) return singleHeaderValue(format, undefined);
    throw malformed(format, `it was sent ${header.length} times`);
  }
  if (header === undefined || header === null || (typeof header === "string" && header.trim() === "")) {
    throw new WebhookVerificationError(
      "missing_header",
      `The ${format.header} header is missing. Every delivery carries it; check that a proxy does not strip it.`,
    );
  }
  if (typeof header !== "string") throw malformed(format, `it is a ${typeof header}, not a string`);
  return header;
}

/** The header's `t` and usable signatures, or a typed error naming what is wrong with it. */
export function parseSignatureHeader(format: SignatureFormat, header: SignatureHeaderInput): ParsedSignatureHeader {
  const value = singleHeaderValue(format, header);
  if (value.length > maxHeaderLength) throw malformed(format, `it is longer than ${maxHeaderLength} characters`);
  let timestampText: string | undefined;
  const signatures: Uint8Array[] = [];
  let schemeItems = 0;
  // One pass over the items without an intermediate array: this runs on every delivery.
  for (let start = 0, end = 0; end !== value.length; start = end + 1) {
    end = value.indexOf(",", start);
    if (end < 0) end = value.length;
    const item = value.slice(start, end).trim();
    const separator = item.indexOf("=");
    if (separator <= 0) throw malformed(format, "an item is not key=value");
    const key = item.slice(0, separator);
    const itemValue = item.slice(separator + 1);
    if (key === "t") {
      if (timestampText !== undefined) throw malformed(format, "it has more than one t");
      if (!digits.test(itemValue)) throw malformed(format, "t is not decimal digits");
      timestampText = itemValue;
    } else if (key === format.scheme) {
      schemeItems++;
      // A v1 that is not 64 hex digits can never match: it is unusable, not fatal, as long as
      // another v1 is usable (a future sender might append something we do not know yet).
      const signature = sha256FromHex(itemValue);
      if (signature !== undefined) signatures.push(signature);
    }
    // Any other key (v0, a future scheme) is ignored (docs/decisions.md#signature-header).
  }
  if (timestampText === undefined) throw malformed(format, "it has no t");
  if (signatures.length === 0) {
    throw malformed(format, schemeItems === 0 ? `it has no ${format.scheme} signature` : `no ${format.scheme} value is 64 hex digits`);
  }
  return { timestampText, timestamp: Number(timestampText), signatures };
}
