// What the sandbox tells a developer who keeps it open: one entry per API call and one per
// webhook delivery attempt, for `serve` to print as it happens. An entry holds no secret: no
// header, no body, and a delivery's URL without its user, password, query or fragment (where
// receivers put tokens).
import type { AttemptRecord } from "@signing-platform/webhooks/delivery";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export interface RequestLogEntry {
  kind: "request";
  /** ISO 8601, when the answer was sent. */
  at: string;
  method: string;
  /** Path and query, as the client sent them. */
  path: string;
  status: number;
  ms: number;
  /** The answer's `Request-Id`. */
  requestId: string;
}

export interface DeliveryLogEntry {
  kind: "delivery";
  at: string;
  eventType: string;
  eventId: string;
  deliveryId: string;
  endpointId: string;
  /** 1 for the first attempt of the delivery. */
  attempt: number;
  /** Scheme, host and path of the endpoint. */
  url: string;
  /** The receiver's status; null when none came (a timeout, a refused connection). */
  status: number | null;
  ms: number;
  outcome: "succeeded" | "failed";
  /** Why no status came: `ECONNREFUSED`, `timeout after 10000 ms`. */
  error: string | null;
  /** When the next attempt is due, ISO 8601; null when none follows. */
  nextAttemptAt: string | null;
}

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
