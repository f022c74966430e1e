// A real webhook receiver on loopback, as the walkthrough's (docs/sandbox.md): node:http and
// @signing-platform/webhooks, which verifies each delivery's Service-Signature with the
// secret the console showed (Events › Signature check). Until the secret is known it
// answers 503, so nothing unverified is ever counted as received.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { WebhookEvent } from "@signing-platform/types";
import { createWebhookHandler, toNodeHandler, type WebhookContext } from "@signing-platform/webhooks";

export interface Received {
  id: string;
  type: string;
  deliveryId: string | undefined;
}

export interface Receiver {
  url: string;
  useSecret(secret: string): void;
  /** Verified events, once each. */
  readonly received: Received[];
  /** Deliveries refused before any handler ran (signature, timestamp, payload). */
  readonly rejected: string[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const rejected: string[] = [];
  let handle: ReturnType<typeof toNodeHandler> | null = null;
  const record = (event: WebhookEvent, context: WebhookContext) => {
    received.push({ id: event.id, type: event.type, deliveryId: context.deliveryId });
  };

  const server = createServer((request, response) => {
    if (!handle) return void response.writeHead(503).end();
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    received,
    rejected,
    useSecret(secret) {
      handle = toNodeHandler(
        createWebhookHandler({
          secret,
          on: {
            ping: record,
            "signing_request.created": record,
            "signing_request.accepted": record,
            "certificate.issued": record,
            "signing_request.completed": record,
            "signing_request.declined": record,
            "signing_request.canceled": record,
            "signing_request.expired": record,
            "signing_request.failed": record,
          },
          onError: (error, report) => report.phase === "verify" && rejected.push(String((error as Error).message)),
        }),
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
