// What the sandbox tells a developer who keeps it open: one entry per API call and one per
// webhook delivery attempt, for `serve` to print as it happens. An entry holds no secret: no
// header, no body, and a delivery's URL without its user, password, query or fragment (where
// receivers put tokens).
import type { AttemptRecord } from "@signing-platform/webhooks/delivery";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** One API call the sandbox answered, as `serve` prints it; it holds no header and no body. */
export interface RequestLogEntry {
  /** Always `"request"`. */
  kind: "request";
  /** ISO 8601, when the answer was sent. */
  at: string;
  /** The HTTP method. */
  method: string;
  /** Path and query, as the client sent them. */
  path: string;
  /** The status the sandbox answered with. */
  status: number;
  /** How long the answer took, in milliseconds. */
  ms: number;
  /** The answer's `Request-Id`. */
  requestId: string;
}

/** One webhook delivery attempt the sandbox made, as `serve` prints it; the endpoint's URL is without user, password, query or fragment. */
export interface DeliveryLogEntry {
  /** Always `"delivery"`. */
  kind: "delivery";
  /** ISO 8601, when the attempt ended. */
  at: string;
  /** The event's type, such as `signing_request.completed`. */
  eventType: string;
  /** The event's id. */
  eventId: string;
  /** The delivery's id, the same on every attempt. */
  deliveryId: string;
  /** The endpoint the delivery is for. */
  endpointId: string;
  /** 1 for the first attempt of the delivery. */
  attempt: number;
  /** Scheme, host and path of the endpoint. */
  url: string;
  /** The receiver's status; null when none came (a timeout, a refused connection). */
  status: number | null;
  /** How long the attempt took, in milliseconds. */
  ms: number;
  /** Whether the receiver acknowledged the delivery with a 2xx. */
  outcome: "succeeded" | "failed";
  /** Why no status came: `ECONNREFUSED`, `timeout after 10000 ms`. */
  error: string | null;
  /** When the next attempt is due, ISO 8601; null when none follows. */
  nextAttemptAt: string | null;
}

/** One entry of the sandbox's activity log: an API call or a webhook delivery attempt. */
export type SandboxLogEntry = RequestLogEntry | DeliveryLogEntry;

/**
 * Requests a developer did not make: the console's pages and its polling of the control API
 * (every 2 s while it is open), the reference, the browser's favicon. Every other request is
 * logged, the public API's and the control API's writes.
 */
function isBackground(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const path = request.url.split("?")[0]!;
  return path === "/" || path === "/favicon.ico" || /^\/(console|docs|_sandbox)(\/|$)/.test(path);
}

/** Logs every answer but the background ones; a hook on the root instance, so it sees every route. */
export function logRequests(app: FastifyInstance, log: (entry: RequestLogEntry) => void): void {
  app.addHook("onResponse", (request: FastifyRequest, reply: FastifyReply, done) => {
    if (!isBackground(request))
      log({
        kind: "request",
        at: new Date().toISOString(),
        method: request.method,
        path: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        requestId: String(request.id),
      });
    done();
  });
}

/** The endpoint's address without what may be a credential. */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return "(not a URL)";
  }
}

export function deliveryEntry(attempt: AttemptRecord): DeliveryLogEntry {
  return {
    kind: "delivery",
    at: new Date(attempt.startedAt + attempt.durationMs).toISOString(),
    eventType: attempt.eventType,
    eventId: attempt.eventId,
    deliveryId: attempt.deliveryId,
    endpointId: attempt.endpointId,
    attempt: attempt.attempt,
    url: withoutCredentials(attempt.url),
    status: attempt.status,
    ms: attempt.durationMs,
    outcome: attempt.outcome,
    error: attempt.error,
    nextAttemptAt: attempt.nextAttemptAt === null ? null : new Date(attempt.nextAttemptAt).toISOString(),
  };
}
