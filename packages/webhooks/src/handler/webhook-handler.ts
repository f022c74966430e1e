// The receiver in one object: verify → deduplicate → dispatch by type
// → answer. Framework adapters only move bytes and headers in and a response out; the crypto
// comes in as `constructEvent` so the Node and the edge entries share every rule here.
import type { Event, KnownEventType, WebhookEvent, WebhookEventOfType } from "@signing-platform/types";
import { acknowledgementSeconds, deduplicationWindowSeconds, deliveryHeaderName, signatureHeaderName } from "../catalogue.js";
import { createMemoryEventStore } from "../dedupe/memory-event-store.js";
import type { EventDeduplicationStore } from "../dedupe/event-deduplication-store.js";
import {
  WebhookError,
  type RawBody,
  type SignatureHeaderInput,
  type VerifyOptions,
  type WebhookSecret,
} from "@signing-platform/contract/webhook-signature";
import { isKnownEvent, type VerifiedEvent } from "../event/verified-event.js";

/** What a handler function is told besides its event. */
export interface WebhookContext {
  /** `Service-Delivery`: the id of this delivery, the same on each of its retries. */
  deliveryId: string | undefined;
}

/** A function per known event type; each gets its event typed by `type`. */
export type WebhookHandlers = {
  [Type in KnownEventType]?: (event: WebhookEventOfType<Type>, context: WebhookContext) => unknown;
};

/** Where a delivery failed, as an error report tells it. */
export type WebhookErrorPhase =
  /** The delivery was rejected before any handler ran (answered 4xx/5xx). */
  | "verify"
  /** The deduplication store failed (answered 503, so the sender retries). */
  | "store"
  /** A handler threw before the acknowledgement (answered 500, so the sender retries). */
  | "handler"
  /** A handler threw after the delivery was acknowledged; its claim was released. */
  | "after_acknowledgement";

/** What `onError` is told of a failure besides the error: where it happened and which delivery it was. */
export interface WebhookErrorReport {
  /** Where the failure happened. */
  phase: WebhookErrorPhase;
  /** The event's id, when the delivery got as far as reading it. */
  eventId?: string;
  /** The event's type, when the delivery got as far as reading it. */
  eventType?: string;
  /** The delivery's id (`Service-Delivery`), when the request had one. */
  deliveryId?: string;
}

/** Options of `createWebhookHandler`: the secret, a function per event type, the store and the timings. */
export interface WebhookHandlerOptions {
  /** The endpoint's `whsec_…` secret, or several while you rotate. */
  secret: WebhookSecret;
  /** What to do per event type. Types without a function are acknowledged and not claimed. */
  on: WebhookHandlers;
  /** Event types this version does not know (an open set): acknowledged; this runs first if given. */
  onUnknownEvent?: (event: Event, context: WebhookContext) => unknown;
  /** Where processed event ids are remembered. Default: in memory (one process). */
  store?: EventDeduplicationStore;
  /**
   * Called for every failure, for logging. The error's message holds no secret and no body,
   * so it is safe to log as it is.
   */
  onError?: (error: unknown, report: WebhookErrorReport) => void;
  /** Answer by this many ms even if the handler still runs (default: half the sender's 10 s). */
  acknowledgeWithinMs?: number;
  /** How long a claim holds while its handler runs (default 10 min); a crashed process's claim lapses after it. */
  processingLeaseMs?: number;
  /** How long processed ids are remembered (default: the catalogue's 25 h, docs/decisions.md#deduplication-window). */
  deduplicationWindowSeconds?: number;
  /** Signature tolerance (default 300 s, either way). */
  toleranceSeconds?: number;
  /** The receiver's clock, for tests. */
  now?: () => Date;
}

/** One delivery as an adapter hands it to the handler: the raw body and a header lookup. */
export interface WebhookRequest {
  /** The raw body exactly as received (docs/decisions.md#signed-content). */
  rawBody: unknown;
  /** Looks a request header up by name, in any case. */
  header(name: string): SignatureHeaderInput;
}

/** What the handler answers a delivery with, for an adapter to send. */
export interface WebhookResponse {
  /** The HTTP status. */
  status: number;
  /** The response headers. */
  headers: Record<string, string>;
  /** The response body (JSON). */
  body: string;
  /**
   * Settles when the handler has finished, also when it runs past the acknowledgement.
   * Edge runtimes pass it to `waitUntil`; it never rejects.
   */
  settled: Promise<void>;
}

/** A webhook receiver, framework-free: put it behind an adapter (node:http, Express, Fastify, fetch). */
export interface WebhookHandler {
  /** Verifies, deduplicates and dispatches one delivery, and answers within the acknowledgement time. */
  handle(request: WebhookRequest): Promise<WebhookResponse>;
  /** Resolves when every handler that outlived its acknowledgement has finished (for shutdown and tests). */
  idle(): Promise<void>;
}

/** The verifier the handler runs: node:crypto in the main entry, WebCrypto in the edge entry. */
export type ConstructEventFunction = (
  rawBody: RawBody,
  signatureHeader: SignatureHeaderInput,
  secret: WebhookSecret,
  options: VerifyOptions,
) => VerifiedEvent | Promise<VerifiedEvent>;

const jsonHeaders = { "content-type": "application/json" };
const done = Promise.resolve();

function respond(status: number, body: object, settled: Promise<void> = done): WebhookResponse {
  return { status, headers: { ...jsonHeaders }, body: JSON.stringify(body), settled };
}

function errorResponse(error: WebhookError): WebhookResponse {
  const details = error.details.length > 0 ? { details: error.details } : {};
  return respond(error.status, { error: { code: error.code, message: error.message, ...details } });
}

export function createWebhookHandlerWith(constructEvent: ConstructEventFunction, options: WebhookHandlerOptions): WebhookHandler {
  const {
    secret,
    on,
    onUnknownEvent,
    store = createMemoryEventStore(),
    onError = () => {},
    acknowledgeWithinMs = (acknowledgementSeconds * 1000) / 2,
    processingLeaseMs = 10 * 60 * 1000,
    deduplicationWindowSeconds: windowSeconds = deduplicationWindowSeconds,
    toleranceSeconds,
    now,
  } = options;
  const running = new Set<Promise<void>>();
  const report = (error: unknown, details: WebhookErrorReport) => {
    try {
      onError(error, details);
    } catch {
      // A failing logger must not turn an answered delivery into an unhandled rejection.
    }
  };

  async function processOnce(event: Event, run: (context: WebhookContext) => unknown, context: WebhookContext): Promise<WebhookResponse> {
    const about = { eventId: event.id, eventType: event.type, deliveryId: context.deliveryId };
    let claim;
    try {
      claim = await store.claim(event.id, processingLeaseMs);
    } catch (error) {
      report(error, { phase: "store", ...about });
      return respond(503, { error: { code: "store_unavailable", message: "The deduplication store is unavailable; retry later." } });
    }
    if (claim.status === "processed") return respond(200, { received: true, duplicate: true });
    if (claim.status === "processing") {
      // Not 2xx: if the other run fails and releases its claim, this redelivery must come back.
      return respond(409, {
        error: { code: "event_in_progress", message: "This event is being processed by another delivery; retry later." },
      });
    }
    const { token } = claim;
    let acknowledged = false;
    const work = (async () => {
      try {
        await run(context);
      } catch (error) {
        await store.release(event.id, token).catch((releaseError: unknown) => report(releaseError, { phase: "store", ...about }));
        throw error;
      }
      await store.complete(event.id, token, windowSeconds * 1000).catch((error: unknown) => report(error, { phase: "store", ...about }));
    })();
    const settled = work.then(
      () => {},
      (error: unknown) => {
        if (acknowledged) report(error, { phase: "after_acknowledgement", ...about });
      },
    );
    running.add(settled);
    void settled.finally(() => running.delete(settled));

    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<"deadline">((resolve) => {
      timer = setTimeout(() => resolve("deadline"), acknowledgeWithinMs);
    });
    try {
      const outcome = await Promise.race([work.then(() => "done" as const), deadline]);
      if (outcome === "deadline") {
        // The sender gives up after 10 s; the handler goes on after this answer (Delivery and retry rules 1).
        acknowledged = true;
        return respond(202, { received: true, deferred: true }, settled);
      }
      return respond(200, { received: true }, settled);
    } catch (error) {
      report(error, { phase: "handler", ...about });
      // The claim was released: the sender's retry of this delivery runs the handler again.
      return respond(
        500,
        { error: { code: "handler_failed", message: `The handler for ${event.type} failed; the delivery will be retried.` } },
        settled,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async handle(request: WebhookRequest): Promise<WebhookResponse> {
      const deliveryHeader = request.header(deliveryHeaderName);
      const deliveryId = typeof deliveryHeader === "string" ? deliveryHeader : undefined;
      const context: WebhookContext = { deliveryId };
      let event: VerifiedEvent;
      try {
        const verifyOptions: VerifyOptions = {};
        if (toleranceSeconds !== undefined) verifyOptions.toleranceSeconds = toleranceSeconds;
        if (now !== undefined) verifyOptions.now = now();
        event = await constructEvent(request.rawBody as RawBody, request.header(signatureHeaderName), secret, verifyOptions);
      } catch (error) {
        report(error, { phase: "verify", deliveryId });
        if (error instanceof WebhookError) return errorResponse(error);
        return respond(500, { error: { code: "internal_error", message: "The webhook receiver failed unexpectedly." } });
      }
      // A newer type is a genuine event: acknowledged, and handed to onUnknownEvent if given.
      if (!isKnownEvent(event)) {
        const unknown = event;
        if (!onUnknownEvent) return respond(200, { received: true, ignored: true });
        return processOnce(unknown, (ctx) => onUnknownEvent(unknown, ctx), context);
      }
      const known = event;
      const run = on[known.type] as ((event: WebhookEvent, context: WebhookContext) => unknown) | undefined;
      // Nothing to do for this type: acknowledge without holding its id.
      if (run === undefined) return respond(200, { received: true, ignored: true });
      return processOnce(known, (ctx) => run(known, ctx), context);
    },
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
