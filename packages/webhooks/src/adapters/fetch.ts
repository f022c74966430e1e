// The fetch `Request` → `Response` shape of Hono, Next.js route handlers, Cloudflare Workers,
// Deno and Bun. Runtime-neutral: the handler passed in decides the crypto (use the `edge`
// entry's createWebhookHandler where node:crypto is missing).
import type { WebhookHandler } from "../handler/webhook-handler.js";

/** Options of {@link toFetchHandler}. */
export interface FetchAdapterOptions {
  /** Largest body read, in bytes (default 1 MiB). Larger is answered 413. */
  maxBodyBytes?: number;
}

/** What edge runtimes pass beside the request to keep work alive after the response. */
export interface ExecutionContextLike {
  /** Keeps the runtime alive until `promise` settles, after the response is sent. */
  waitUntil(promise: Promise<unknown>): void;
}

const jsonResponse = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ error: { code, message } }), { status, headers: { "content-type": "application/json" } });

/**
 * `(request, context?) => Response`. Pass the runtime's execution context (Workers'
 * `ctx`, Hono's `c.executionCtx`) so a handler that outlives the acknowledgement is kept alive.
 * @example
 * ```ts
 * import { createWebhookHandler, toFetchHandler } from "@signing-platform/webhooks/edge";
 *
 * const webhook = toFetchHandler(createWebhookHandler({ secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", on: {} }));
 * export const POST = (request: Request) => webhook(request); // a Next.js route handler
 * ```
 */
export function toFetchHandler(handler: WebhookHandler, options: FetchAdapterOptions = {}) {
  const { maxBodyBytes = 1024 * 1024 } = options;
  return async (request: Request, context?: ExecutionContextLike): Promise<Response> => {
    if (request.method !== "POST") {
      const response = jsonResponse(405, "method_not_allowed", "Webhook deliveries are POST requests.");
      response.headers.set("allow", "POST");
      return response;
    }
    const declared = Number(request.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > maxBodyBytes) {
      return jsonResponse(413, "payload_too_large", `The body is larger than ${maxBodyBytes} bytes.`);
    }
    let rawBody: ArrayBuffer;
    try {
      // arrayBuffer(), not json() or text(): the bytes as received (docs/decisions.md#signed-content).
      rawBody = await request.arrayBuffer();
    } catch {
      return jsonResponse(400, "bad_request", "The request body could not be read.");
    }
    if (rawBody.byteLength > maxBodyBytes) return jsonResponse(413, "payload_too_large", `The body is larger than ${maxBodyBytes} bytes.`);
    const result = await handler.handle({ rawBody, header: (name) => request.headers.get(name) });
    context?.waitUntil(result.settled);
    return new Response(result.body, { status: result.status, headers: result.headers });
  };
}
