// Real servers on loopback for the adapter, delivery and end-to-end tests.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export async function listen(server: Server): Promise<RunningServer> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function startHttpServer(listener: RequestListener): Promise<RunningServer> {
  return listen(createServer(listener));
}

export interface ReceivedRequest {
  method: string;
  /** The request target: path and query. */
  url: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

/** A receiver that records each request and answers what `answer` says. */
export async function startRecordingReceiver(
  answer: (request: ReceivedRequest, index: number) => { status: number; body?: string } | "hang" = () => ({ status: 200 }),
): Promise<RunningServer & { requests: ReceivedRequest[] }> {
  const requests: ReceivedRequest[] = [];
  const server = await startHttpServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const received = { method: request.method ?? "", url: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks) };
      requests.push(received);
      const reply = answer(received, requests.length - 1);
      if (reply === "hang") return;
      response.writeHead(reply.status, { "content-type": "text/plain" });
      response.end(reply.body ?? "ok");
    });
  });
  return { ...server, requests };
}

/** A loopback port with nothing listening. */
export async function closedPortUrl(): Promise<string> {
  const server = await startHttpServer(() => {});
  await server.close();
  return server.url;
}
