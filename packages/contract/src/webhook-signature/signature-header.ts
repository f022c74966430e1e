// The sender's half of the scheme (Events › Delivery headers, Signature check 1): one `v1`
// per active secret, so receivers holding either the old or the new secret accept it while a
// secret is rotated (docs/decisions.md#signature-header).
import type { MessagePart } from "./crypto-provider.js";
import { rawBodyBytes, type RawBody } from "./raw-body.js";
import type { SignatureFormat } from "./signature-format.js";
import { secretList, type WebhookSecret } from "./verification.js";

/** What to sign: the exact body, the secret or secrets, and the timestamp. */
export interface SignPayloadOptions {
  /** The exact body that is (or will be) sent. */
  payload: RawBody;
  /** One secret, or every active secret of the endpoint while it is rotated. */
  secret: WebhookSecret;
  /** `t`, in Unix seconds. Default: now. */
  timestamp?: number;
}

export interface PreparedSignature {
  timestamp: number;
  secrets: string[];
  parts: MessagePart[];
}

export function prepareSignature(options: SignPayloadOptions): PreparedSignature {
  const { payload, secret, timestamp = Math.floor(Date.now() / 1000) } = options;
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new TypeError("timestamp must be whole Unix seconds, 0 or more.");
  return { timestamp, secrets: secretList(secret), parts: [`${timestamp}.`, rawBodyBytes(payload)] };
}

export function bytesToHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

export function formatSignatureHeader(format: SignatureFormat, timestamp: number, macs: readonly Uint8Array[]): string {
  return [`t=${timestamp}`, ...macs.map((mac) => `${format.scheme}=${bytesToHex(mac)}`)].join(",");
}
