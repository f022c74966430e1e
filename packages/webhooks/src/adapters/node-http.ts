// node:http and Express (whose req/res are node's, extended). The raw body is read from the
// stream; when a body parser already ran, its Buffer or string is used, and a parsed object
// is refused with a message that names the fix (docs/decisions.md#signed-content).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { WebhookHandler } from "../handler/webhook-handler.js";

/** Options of {@link toNodeHandler}. */
export interface NodeAdapterOptions {
  /** Largest body read, in bytes (default 1 MiB; the source gives no maximum). Larger is answered 413. */
  maxBodyBytes?: number;
}

/** A request as Express and other node frameworks hand it over: maybe with a `body` already. */
export type NodeWebhookRequest = IncomingMessage & { body?: unknown; rawBody?: unknown };

class BodyTooLarge extends Error {}

/**
 * Reads the whole request body as bytes, refusing more than `maxBytes`.
 * @example
 * ```ts
 * import { createServer } from "node:http";
 * import { readRawBody } from "@signing-platform/webhooks";
 *
 * createServer(async (request, response) => {
 *   const body = await readRawBody(request, 1024 * 1024);
 *   response.end(`${body.byteLength} bytes`);
 * }).listen(3000);
 * ```
 */
export function readRawBody(request: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers["content-length"]);
    if (Number.isFinite(declared) && declared > maxBytes) return reject(new BodyTooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        request.off("data", onData);
        request.resume();
        reject(new BodyTooLarge());
      } else chunks.push(chunk);
    };
    request.on("data", onData);
    request.once("end", () => resolve(Buffer.concat(chunks, size)));
    request.once("error", reject);
  });
}

function send(response: ServerResponse, status: number, headers: Record<string, string>, body: string) {
  response.writeHead(status, { ...headers, "content-length": Buffer.byteLength(body) });
  response.end(body);
}

function errorBody(code: string, message: string): string {
  return JSON.stringify({ error: { code, message } });
}

const json = { "content-type": "application/json" };

/** The raw body a framework may have left on the request, or undefined to read the stream. */
function alreadyRead(request: NodeWebhookRequest): unknown {
  // Some frameworks keep the bytes beside the parsed body (e.g. a `verify` hook that saves them).
  for (const candidate of [request.rawBody, request.body]) {
    if (typeof candidate === "string" || candidate instanceof Uint8Array) return candidate;
  }
  if (request.readableEnded || (request.body !== undefined && request.body !== null)) {
    // Consumed by a parser that kept only its result: the bytes are gone. The handler answers
    // body_not_raw with a message that names the fix.
    return request.body ?? {};
  }
  return undefined;
}

/**
 * A `(req, res)` listener for `http.createServer` and an Express route
 * (`app.post("/webhooks", toNodeHandler(handler))`, mounted before or without `express.json()`,
 * or after `express.raw({ type: "application/json" })`). A body that a JSON parser already
 * turned into an object is answered 500 `body_not_raw`, whose message names the fix.
 * @example
 * ```ts
 * import { createServer } from "node:http";
 * import { createWebhookHandler, toNodeHandler } from "@signing-platform/webhooks";
 *
 * const handler = createWebhookHandler({ secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", on: {} });
 * createServer(toNodeHandler(handler)).listen(3000);
 * ```
 */
export function toNodeHandler(handler: WebhookHandler, options: NodeAdapterOptions = {}) {
  const { maxBodyBytes = 1024 * 1024 } = options;
  return async (request: NodeWebhookRequest, response: ServerResponse): Promise<void> => {
    if (request.method !== "POST") {
      response.setHeader("allow", "POST");
      return send(response, 405, json, errorBody("method_not_allowed", "Webhook deliveries are POST requests."));
    }
    let rawBody = alreadyRead(request);
    if (rawBody === undefined) {
      try {
        rawBody = await readRawBody(request, maxBodyBytes);
      } catch (error) {
        if (error instanceof BodyTooLarge) {
          return send(
            response,
            413,
            { ...json, connection: "close" },
            errorBody("payload_too_large", `The body is larger than ${maxBodyBytes} bytes.`),
          );
        }
        return send(response, 400, json, errorBody("bad_request", "The request body could not be read."));
      }
    }
    const result = await handler.handle({
      rawBody,
      header: (name) => request.headers[name.toLowerCase()],
    });
    send(response, result.status, result.headers, result.body);
  };
}
