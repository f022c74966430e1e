// The receiving end of `signing-platform conformance webhooks`: an HTTP server that takes the
// implementation's deliveries as an endpoint would, keeps each exactly as it arrived (raw
// bytes, headers, when), and answers 200 within the acknowledgement time, or 500 to the first
// attempts of each delivery when asked to, so that the retry schedule can be watched.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Delivery {
  receivedAt: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  rawBody: Buffer;
  /** The status the receiver answered. */
  answered: number;
}

export interface ReceiverOptions {
  port: number;
  host?: string;
  /** Name of the header that identifies a delivery across its attempts. */
  deliveryHeader: string;
  /** Answer 500 to this many attempts of each delivery before 200 (default 0). */
  failFirst?: number;
  /** Bodies larger than this are answered 413 and not kept (default 1 MiB). */
  maxBodyBytes?: number;
}

export interface Receiver {
  url: string;
  deliveries: Delivery[];
  /** Resolves once `count` deliveries answered 200 have arrived, or at `deadline` (epoch ms). */
  waitFor(count: number, deadline: number): Promise<void>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function receiveDeliveries(options: ReceiverOptions): Promise<Receiver> {
  const { failFirst = 0, maxBodyBytes = 1024 * 1024 } = options;
  const deliveries: Delivery[] = [];
  const attempts = new Map<string, number>();
  let waiting: (() => void) | null = null;
  const acknowledged = () => deliveries.filter((delivery) => delivery.answered === 200).length;

  const server: Server = createServer(async (request, response) => {
    const rawBody = await readBody(request, maxBodyBytes);
    if (rawBody === null) return void response.writeHead(413).end();
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value ?? "")]),
    );
    const id = headers[options.deliveryHeader.toLowerCase()] ?? "";
    const attempt = (attempts.get(id) ?? 0) + 1;
    attempts.set(id, attempt);
    const answered = attempt <= failFirst ? 500 : 200;
    deliveries.push({ receivedAt: Date.now(), headers, rawBody, answered });
    response.writeHead(answered, { "content-type": "text/plain" }).end(answered === 200 ? "ok" : "failing on purpose");
    waiting?.();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? "127.0.0.1"}:${port}`,
    deliveries,
    async waitFor(count, deadline) {
      while (acknowledged() < count && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          waiting = resolve;
          setTimeout(resolve, Math.max(0, Math.min(1000, deadline - Date.now())));
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
