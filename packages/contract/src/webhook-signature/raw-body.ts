// docs/decisions.md#signed-content: the receiver hashes the bytes it received, never a re-serialised copy. These
// are the shapes a raw body arrives in from Node, Express (`express.raw()`), Fastify
// (`parseAs: "buffer"`) and fetch (`await request.arrayBuffer()`).
import { WebhookVerificationError } from "./webhook-verification-error.js";

/** A body exactly as received, in the shapes Node, Express, Fastify and fetch give it; never a parsed object. */
export type RawBody = string | Uint8Array | ArrayBuffer;

/** The body as a string or bytes, without copying; a typed error for anything else. */
export function rawBodyBytes(rawBody: unknown): string | Uint8Array {
  if (typeof rawBody === "string" || rawBody instanceof Uint8Array) return rawBody;
  if (rawBody instanceof ArrayBuffer) return new Uint8Array(rawBody);
  if (ArrayBuffer.isView(rawBody)) return new Uint8Array(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  const parsed = typeof rawBody === "object" && rawBody !== null;
  throw new WebhookVerificationError(
    "body_not_raw",
    parsed
      ? 'The body was handed in as a parsed object, but the signature covers the raw bytes: a JSON body parser ran before the webhook route. Give this route the raw body: mount it before express.json() or use express.raw({ type: "application/json" }); in Fastify register fastifyWebhookPlugin; in fetch handlers read await request.arrayBuffer().'
      : `The body must be the raw request body (string, Buffer, Uint8Array or ArrayBuffer); got ${rawBody === null ? "null" : typeof rawBody}.`,
  );
}
