// One HTTP POST of a delivery, with a hard deadline over the whole exchange (Delivery and
// retry rules 1: 2xx within 10 s). Redirects are not followed: a 3xx is a failed attempt.
// undici is an optional peer dependency, needed only by this transport: it is loaded when a
// transport is made (a synchronous require, so that the `delivery` entry has no top-level
// await), and its absence is one line that says what to install. An engine given a transport
// of its own never loads it.
import { requireOptionalPeer } from "@signing-platform/contract/optional-peer";
import type * as Undici from "undici";
import type { Agent } from "undici";

function loadUndici(): typeof Undici {
  return requireOptionalPeer<typeof Undici>(
    "undici",
    import.meta.url,
    "@signing-platform/webhooks/delivery: the default transport needs undici, an optional peer dependency: run `npm install undici` (or give the engine a transport of your own).",
  );
}

/** One attempt to send: where, the signed headers, the exact body and the deadline. */
export interface DeliveryRequest {
  /** The endpoint's URL. */
  url: string;
  /** The headers, signature included. */
  headers: Record<string, string>;
  /** The exact body, sent byte for byte. */
  body: string;
  /** The deadline of the whole exchange, in milliseconds. */
  timeoutMs: number;
}

/** What the endpoint answered. */
export interface DeliveryResponse {
  /** The response status. */
  status: number;
  /** The first bytes of the body as text. */
  bodyExcerpt: string;
}

/** Sends one attempt; rejects on timeout or connection error with a message fit for an attempt record. */
export type DeliveryTransport = (delivery: DeliveryRequest) => Promise<DeliveryResponse>;

/** Options of {@link createUndiciTransport}. */
export interface UndiciTransportOptions {
  /** Bytes of the response body kept in the attempt record (default 1024). */
  excerptBytes?: number;
  /** Connection pool (default: an Agent with keep-alive, shared by all attempts of this transport). */
  dispatcher?: Agent;
}

/** Names the failure without quoting anything from the request: no secret, no body. */
export function describeFailure(error: unknown, timeoutMs: number): string {
  const code = (error as { code?: unknown; cause?: { code?: unknown } })?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code;
  const name = (error as { name?: unknown })?.name;
  if (name === "TimeoutError" || name === "AbortError" || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") {
    return `timeout: no answer within ${timeoutMs} ms`;
  }
  if (typeof code === "string") return `connection error: ${code}`;
  return "connection error";
}

/**
 * The default transport: one undici POST per attempt with a hard deadline, redirects not followed, keep-alive connections; a timeout or connection error rejects with a message that quotes nothing of the request.
 * @example
 * ```ts
 * import { Agent } from "undici";
 * import { createDeliveryEngine, createUndiciTransport } from "@signing-platform/webhooks/delivery";
 *
 * const transport = createUndiciTransport({ excerptBytes: 256, dispatcher: new Agent({ connections: 32 }) });
 * const engine = createDeliveryEngine({ transport });
 * ```
 */
export function createUndiciTransport(options: UndiciTransportOptions = {}): DeliveryTransport {
  const { Agent: UndiciAgent, request } = loadUndici();
  const { excerptBytes = 1024, dispatcher = new UndiciAgent({ keepAliveTimeout: 10_000 }) } = options;
  return async ({ url, headers, body, timeoutMs }) => {
    const signal = AbortSignal.timeout(timeoutMs);
    let response;
    try {
      response = await request(url, {
        method: "POST",
        headers,
        body,
        signal,
        dispatcher,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      throw new Error(describeFailure(error, timeoutMs));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const responseBody = response.body;
    // 'data' events rather than async iteration: cheaper per attempt, and measured in the bench.
    await new Promise<void>((resolve) => {
      responseBody.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.byteLength;
        // Enough for the excerpt: the rest is not read (the status already decided the attempt).
        if (size >= excerptBytes) {
          responseBody.destroy();
          resolve();
        }
      });
      responseBody.once("end", resolve);
      // The status arrived in time; a body cut short only shortens the excerpt.
      responseBody.once("error", () => resolve());
      responseBody.once("close", resolve);
    });
    return { status: response.statusCode, bodyExcerpt: Buffer.concat(chunks).subarray(0, excerptBytes).toString("utf8") };
  };
}
