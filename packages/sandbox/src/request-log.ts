// The public API's calls of each organization, for the console's Logs view (GET /_sandbox/logs):
// method, path, status, Request-Id, when and how long, with the request and response bodies.
// In memory only: a ring of the newest calls per organization, gone when the sandbox restarts,
// and each process of a shared Redis keeps the calls it served. Calls without a principal (401)
// belong to no organization and are not kept. No header is kept (so no Authorization); each
// body has every `client_secret` value replaced by "•••", and is cut at 16 KiB.
import type { FastifyInstance, FastifyRequest } from "fastify";
import fastifyPlugin from "fastify-plugin";

/** The newest calls kept per organization. */
export const CALLS_PER_ORGANIZATION = 200;
/** The organizations whose calls are kept, the most recently active ones. */
const ORGANIZATIONS_KEPT = 1000;
/** The bytes of a body kept; what is longer is cut, and says so. */
export const BODY_BYTES_KEPT = 16 * 1024;
export const REDACTED = "•••";

export interface LoggedCall {
  /** The answer's Request-Id. */
  requestId: string;
  method: string;
  /** Path and query, as the client sent them. */
  path: string;
  status: number;
  durationMs: number;
  /** ISO 8601, when the answer was sent. */
  at: string;
  /** The body as read (JSON as text), or null when there was none. */
  requestBody: string | null;
  responseBody: string | null;
}

export interface RequestLog {
  record(organizationId: string, call: LoggedCall): void;
  /** Newest first. */
  list(organizationId: string, limit?: number): LoggedCall[];
  get(organizationId: string, requestId: string): LoggedCall | undefined;
}

export function createRequestLog({ perOrganization = CALLS_PER_ORGANIZATION } = {}): RequestLog {
  // Oldest first within each ring; the map in order of last activity, so the idlest goes first.
  const rings = new Map<string, LoggedCall[]>();
  return {
    record(organizationId, call) {
      const ring = rings.get(organizationId) ?? [];
      rings.delete(organizationId);
      rings.set(organizationId, ring);
      ring.push(call);
      if (ring.length > perOrganization) ring.splice(0, ring.length - perOrganization);
      if (rings.size > ORGANIZATIONS_KEPT) rings.delete(rings.keys().next().value!);
    },
    list(organizationId, limit = perOrganization) {
      return (rings.get(organizationId) ?? []).slice(-limit).reverse();
    },
    get(organizationId, requestId) {
      return rings.get(organizationId)?.find((call) => call.requestId === requestId);
    },
  };
}

/** Replaces the value of every `client_secret` property, at any depth. */
function redactValue(value: unknown): boolean {
  let changed = false;
  if (Array.isArray(value)) {
    for (const item of value) changed = redactValue(item) || changed;
  } else if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    for (const [key, item] of Object.entries(record)) {
      if (key === "client_secret" && item !== null && item !== REDACTED) {
        record[key] = REDACTED;
        changed = true;
      } else changed = redactValue(item) || changed;
    }
  }
  return changed;
}

/** The text with every client_secret value replaced: through JSON where it parses, else by its text. */
export function redactSecrets(text: string): string {
  // Most bodies have none: they are not parsed at all.
  if (!text.includes("client_secret")) return text;
  try {
    const parsed: unknown = JSON.parse(text);
    return redactValue(parsed) ? JSON.stringify(parsed) : text;
  } catch {
    return text.replace(/("client_secret"\s*:\s*)("(?:[^"\\]|\\.)*"?|[^\s,}\]]+)/g, `$1"${REDACTED}"`);
  }
}

/** A body as it is kept: text, secrets replaced, cut at BODY_BYTES_KEPT with a line saying so. */
export function keptBody(body: unknown): string | null {
  if (body === undefined || body === null || body === "") return null;
  let text: string;
  if (typeof body === "string") text = body;
  else if (Buffer.isBuffer(body)) text = body.toString("utf8");
  else if (typeof (body as { pipe?: unknown }).pipe === "function") return "(streamed: not kept)";
  else text = JSON.stringify(body) ?? String(body);
  text = redactSecrets(text);
  const bytes = Buffer.byteLength(text);
  if (bytes <= BODY_BYTES_KEPT) return text;
  // Cut on a character boundary: a partly kept character is dropped.
  const kept = Buffer.from(text)
    .subarray(0, BODY_BYTES_KEPT)
    .toString("utf8")
    .replace(/\uFFFD$/, "");
  return `${kept}\n… (cut: the first ${BODY_BYTES_KEPT / 1024} KiB of ${bytes} bytes)`;
}

/**
 * Records every answered call of the context it is registered in (the public API's), for the
 * organization of the request's principal. Register it after the API plugin and anything that
 * changes its answers there: its onSend hook, the last, sees the payload as sent.
 */
export const requestLogging = fastifyPlugin(
  async (app: FastifyInstance, { log }: { log: RequestLog }) => {
    const payloads = new WeakMap<FastifyRequest, unknown>();
    app.addHook("onSend", (request, _reply, payload, done) => {
      payloads.set(request, payload);
      done(null, payload);
    });
    app.addHook("onResponse", (request, reply, done) => {
      const organizationId = request.principal?.organizationId;
      if (organizationId) {
        const status = reply.statusCode;
        log.record(organizationId, {
          requestId: String(request.id),
          method: request.method,
          path: request.url,
          status,
          durationMs: Math.round(reply.elapsedTime * 10) / 10,
          at: new Date().toISOString(),
          requestBody: keptBody(request.body),
          // A 304 or 204 sends no body, whatever a hook held before it.
          responseBody: status === 304 || status === 204 ? null : keptBody(payloads.get(request)),
        });
      }
      done();
    });
  },
  { name: "sandbox-request-log", fastify: "5.x" },
);
