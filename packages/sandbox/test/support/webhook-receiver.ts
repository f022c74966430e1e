// A real webhook receiver, as a customer writes one: node:http and
// @signing-platform/webhooks (createWebhookHandler + toNodeHandler), which verifies every
// delivery's Service-Signature with the endpoint's secret (Events › Signature check),
// deduplicates by event id and dispatches by type. It records what it accepted, with the
// raw body and delivery headers, and can be made to fail (its handler throws, so it answers
// 500 and the sender retries: Events › Delivery and retry rules 2).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eventCatalogue, type KnownEventType, type WebhookEvent } from "@signing-platform/types";
import {
  createWebhookHandler,
  readRawBody,
  toNodeHandler,
  type WebhookErrorReport,
  type WebhookHandlers,
} from "@signing-platform/webhooks";
import { afterAll } from "vitest";
import { eventually } from "./http.js";

export interface ReceivedEvent {
  /** The event, verified and parsed by the webhooks package. */
  event: WebhookEvent;
  /** The body exactly as it arrived. */
  rawBody: string;
  /** Service-Delivery. */
  deliveryId: string;
  /** Service-Event. */
  eventTypeHeader: string;
}

export interface WebhookReceiver {
  url: string;
  /** The endpoint's secret, known once the endpoint is registered with this receiver's URL. */
  useSecret(secret: string): void;
  /** While true, the handler throws after verifying: the delivery is answered 500. */
  failing: boolean;
  /** Events handled (once each: redeliveries of a handled event are acknowledged as duplicates). */
  readonly received: ReceivedEvent[];
  /** Verified deliveries answered 500 while failing. */
  readonly failed: ReceivedEvent[];
  /** Deliveries rejected before any handler ran (bad signature, stale timestamp, …). */
  readonly rejected: WebhookErrorReport[];
  /** Every POST and the status it was answered with. */
  readonly answers: { deliveryId: string | undefined; status: number }[];
  /** Resolves with the received events once `done` holds for them (gives up after `deadlineMs`, default 30 s). */
  waitFor(done: (events: ReceivedEvent[]) => boolean, what: string, deadlineMs?: number): Promise<ReceivedEvent[]>;
  ofType(type: string): ReceivedEvent[];
  close(): Promise<void>;
}

interface Pending {
  rawBody: string;
  eventTypeHeader: string;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedEvent[] = [];
  const failed: ReceivedEvent[] = [];
  const rejected: WebhookErrorReport[] = [];
  const answers: { deliveryId: string | undefined; status: number }[] = [];
  const pending = new Map<string, Pending>();
  let listener: ((request: IncomingMessage, response: ServerResponse) => Promise<void>) | null = null;

  const receiver = {
    failing: false,
  } as WebhookReceiver;

  function record(event: WebhookEvent, deliveryId: string | undefined) {
    const seen = pending.get(deliveryId ?? "") ?? { rawBody: "", eventTypeHeader: "" };
    const entry: ReceivedEvent = { event, deliveryId: deliveryId ?? "", ...seen };
    if (receiver.failing) {
      failed.push(entry);
      throw new Error("the receiver is failing on purpose");
    }
    received.push(entry);
  }

  // One function per event type of the catalogue, so every type is handled (and claimed).
  const on = Object.fromEntries(
    eventCatalogue.map(({ type }) => [
      type,
      (event: WebhookEvent, context: { deliveryId: string | undefined }) => record(event, context.deliveryId),
    ]),
  ) as WebhookHandlers;

  const server: Server = createServer(async (request, response) => {
    if (!listener) {
      response.writeHead(503).end();
      return;
    }
    const rawBody = await readRawBody(request, 1024 * 1024);
    const deliveryId = request.headers["service-delivery"];
    const eventType = request.headers["service-event"];
    if (typeof deliveryId === "string")
      pending.set(deliveryId, { rawBody: rawBody.toString("utf8"), eventTypeHeader: String(eventType ?? "") });
    // The adapter takes the raw bytes already read (docs/decisions.md#signed-content: hash exactly what arrived).
    (request as IncomingMessage & { rawBody?: Buffer }).rawBody = rawBody;
    response.once("finish", () =>
      answers.push({ deliveryId: typeof deliveryId === "string" ? deliveryId : undefined, status: response.statusCode }),
    );
    await listener(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    failed,
    rejected,
    answers,
    useSecret(secret: string) {
      const handler = createWebhookHandler({
        secret,
        on,
        onError: (_error, report) => {
          if (report.phase === "verify") rejected.push(report);
        },
      });
      listener = toNodeHandler(handler);
    },
    waitFor(done: (events: ReceivedEvent[]) => boolean, what: string, deadlineMs?: number) {
      return eventually(() => received, done, what, deadlineMs);
    },
    ofType(type: KnownEventType | string) {
      return received.filter((entry) => entry.event.type === type);
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

/** Starts receivers for the calling test file; each is closed once the file's tests are done. */
export function useWebhookReceivers(): () => Promise<WebhookReceiver> {
  const started: WebhookReceiver[] = [];
  afterAll(async () => {
    await Promise.all(started.map((receiver) => receiver.close()));
  });
  return async () => {
    const receiver = await startWebhookReceiver();
    started.push(receiver);
    return receiver;
  };
}
