// The steps of a signature check that do not touch crypto, shared by the sync (node:crypto)
// and async (WebCrypto) verifiers so both reject exactly the same inputs the same way.
import { parseSignatureHeader, type ParsedSignatureHeader, type SignatureHeaderInput } from "./parse-signature-header.js";
import { rawBodyBytes, type RawBody } from "./raw-body.js";
import type { SignatureFormat } from "./signature-format.js";
import { WebhookVerificationError } from "./webhook-verification-error.js";

/** One endpoint secret, or several while the receiver rotates (any one may match). */
export type WebhookSecret = string | readonly string[];

/** Options of a signature check: the tolerance and the receiver's clock. */
export interface VerifyOptions {
  /** Largest allowed distance between `t` and now, either way, in seconds. Default: the format's (300 for this platform; docs/decisions.md#timestamp-tolerance). */
  toleranceSeconds?: number;
  /** The receiver's clock, for tests. Default: the current time. */
  now?: Date;
}

/** What a valid signature header says. */
export interface VerifiedSignature {
  /** `t` of the header, in Unix seconds. */
  timestamp: number;
}

export interface PreparedVerification {
  format: SignatureFormat;
  header: ParsedSignatureHeader;
  body: string | Uint8Array;
  secrets: string[];
  nowSeconds: number;
  toleranceSeconds: number;
}

/** The usable secrets, or a typed error when there is none. */
export function secretList(secret: unknown): string[] {
  const list = typeof secret === "string" ? [secret] : Array.isArray(secret) ? secret : [];
  const usable = list.filter((item): item is string => typeof item === "string" && item.length > 0);
  if (usable.length === 0) {
    throw new WebhookVerificationError(
      "missing_secret",
      "No webhook signing secret was given. Pass the endpoint's whsec_… secret (is the environment variable set?).",
    );
  }
  return usable;
}

function checkedOptions(format: SignatureFormat, options: VerifyOptions): { toleranceSeconds: number; nowSeconds: number } {
  const { toleranceSeconds = format.toleranceSeconds, now } = options;
  // Programmer errors, not input: thrown the same way for every request, so a TypeError is right.
  if (typeof toleranceSeconds !== "number" || Number.isNaN(toleranceSeconds) || toleranceSeconds < 0) {
    throw new TypeError("toleranceSeconds must be a number of seconds, 0 or more.");
  }
  if (now !== undefined && (!(now instanceof Date) || Number.isNaN(now.getTime()))) throw new TypeError("now must be a valid Date.");
  return { toleranceSeconds, nowSeconds: Math.floor((now?.getTime() ?? Date.now()) / 1000) };
}

/** Everything that can be checked before any HMAC is computed. */
export function prepareVerification(
  format: SignatureFormat,
  rawBody: RawBody,
  signatureHeader: SignatureHeaderInput,
  secret: WebhookSecret,
  options: VerifyOptions = {},
): PreparedVerification {
  const { toleranceSeconds, nowSeconds } = checkedOptions(format, options);
  const secrets = secretList(secret);
  const body = rawBodyBytes(rawBody);
  const header = parseSignatureHeader(format, signatureHeader);
  return { format, header, body, secrets, nowSeconds, toleranceSeconds };
}

/** The message parts that are signed: `<t>.<body>` with `<t>` as written in the header (Signature check 1). */
export function signedParts(prepared: PreparedVerification): [string, string | Uint8Array] {
  return [`${prepared.header.timestampText}.`, prepared.body];
}

/** Whether any expected MAC equals any `v1` of the header, each comparison in constant time. */
export function anySignatureMatches(
  expected: readonly Uint8Array[],
  signatures: readonly Uint8Array[],
  equal: (a: Uint8Array, b: Uint8Array) => boolean,
): boolean {
  let matched = false;
  // No early exit: the work does not depend on which pair matched.
  for (const mac of expected) for (const signature of signatures) if (equal(mac, signature)) matched = true;
  return matched;
}

/** Throws the right typed error unless the signature matched and `t` is within tolerance. */
export function finishVerification(prepared: PreparedVerification, matched: boolean): VerifiedSignature {
  if (!matched) {
    const hints: string[] = [];
    if (prepared.secrets.some((secret) => /\s/.test(secret)))
      hints.push("a secret contains whitespace (a stray newline from an environment file?)");
    if (prepared.secrets.some((secret) => !secret.startsWith("whsec_")))
      hints.push("a secret does not start with whsec_ (the whole string, prefix included, is the key)");
    throw new WebhookVerificationError(
      "no_valid_signature",
      `No signature in the ${prepared.format.header} header matches the body. The most common cause is a body that a framework already parsed and re-serialised: verify the raw bytes exactly as received, before any JSON parsing. Other causes: another endpoint's secret (each endpoint has its own), or a proxy that rewrote the body.` +
        (hints.length > 0 ? ` Also: ${hints.join("; ")}.` : ""),
    );
  }
  const drift = prepared.nowSeconds - prepared.header.timestamp;
  // Two-sided (docs/decisions.md#timestamp-tolerance): a timestamp far in the future is as suspicious as an old one.
  if (!(Math.abs(drift) <= prepared.toleranceSeconds)) {
    const direction = drift > 0 ? "older than" : "ahead of";
    throw new WebhookVerificationError(
      "timestamp_out_of_tolerance",
      `The signature matches, but its timestamp is ${Number.isFinite(drift) ? Math.abs(drift) : "far"} seconds ${direction} this receiver's clock; the tolerance is ${prepared.toleranceSeconds} s either way. Either this is a replayed delivery, or this machine's clock is off (check NTP).`,
    );
  }
  return { timestamp: prepared.header.timestamp };
}
