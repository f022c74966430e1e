// A request body as its media type says: JSON; a form (form-body.ts); multipart
// (multipart-body.ts); text as it is; any other type as bytes.
import { asBlob, isBinary } from "./file-body.js";
import { formBody } from "./form-body.js";
import { multipartBody } from "./multipart-body.js";
import { isScalar, scalarText } from "./scalar-text.js";
import type { WireFormat } from "./wire-format.js";

export interface EncodedBody {
  body: string | Blob;
  contentType: string;
}

const JSON_MEDIA = /^application\/(.+\+)?json|\/json$/i;

/** A multipart boundary: 24 random hex digits after a fixed prefix. */
function newBoundary(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return `----SdkBoundary${[...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

export function encodeBody(value: unknown, format: WireFormat["body"]): EncodedBody {
  const mediaType = format?.mediaType ?? "application/json";
  const encoding = format?.encoding ?? {};
  if (JSON_MEDIA.test(mediaType)) return { body: JSON.stringify(value), contentType: mediaType };
  if (/^application\/x-www-form-urlencoded/i.test(mediaType))
    return { body: formBody(value, encoding), contentType: "application/x-www-form-urlencoded" };
  if (/^multipart\//i.test(mediaType)) return multipartBody((value ?? {}) as Record<string, unknown>, encoding, newBoundary());
  const exact = mediaType.includes("*") ? undefined : mediaType;
  if (isBinary(value)) {
    const blob = asBlob(value, exact);
    return { body: blob, contentType: exact ?? (blob.type || "application/octet-stream") };
  }
  if (/^text\//i.test(mediaType) || isScalar(value))
    return { body: isScalar(value) ? scalarText(value) : String(value), contentType: exact ?? "text/plain" };
  return { body: JSON.stringify(value), contentType: exact ?? "application/json" };
}
