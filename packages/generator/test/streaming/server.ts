// The loopback server of test/streaming/document.ts: it writes each answer's events in pieces,
// each its own chunk, as a model's server does, and records what it was sent and which
// connections the client closed before the server ended them. `x-scenario: break` cuts a
// completion in the middle of an event; `hold` writes one event and keeps the connection open.
// GET /_log answers the record.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface StreamingServer {
  url: string;
  stop(): Promise<void>;
}

interface Log {
  requests: Array<{ method: string; url: string; lastEventId: string | null; body: unknown }>;
  /** The scenarios whose connection the client closed while the server held it open. */
  closedByClient: string[];
}

/** Writes each piece as its own chunk, then `after` (ends the response by default). */
function write(
  response: ServerResponse,
  contentType: string,
  pieces: string[],
  after: (done: ServerResponse) => void = (done) => void done.end(),
) {
  response.writeHead(200, { "content-type": contentType, "cache-control": "no-cache" });
  const next = (index: number) => {
    if (index === pieces.length) return after(response);
    response.write(pieces[index], () => setImmediate(() => next(index + 1)));
  };
  next(0);
}

const cut = (response: ServerResponse) => void response.socket?.destroy();

const COMPLETION = [
  'data: {"delta":"Hel',
  'lo"}\n',
  '\n: keep-alive\r\n\r\ndata: {"delta":" world"}\r',
  "\n\r\n",
  'event: usage\ndata: {"tokens":2}\n\n',
  "data: not json\n\n",
  "data: [DONE]\n\n",
];

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text === "" ? null : JSON.parse(text);
}

export async function startStreamingServer(): Promise<StreamingServer> {
  const log: Log = { requests: [], closedByClient: [] };
  const holdUntilClosed = (scenario: string) => (response: ServerResponse) =>
    response.once("close", () => log.closedByClient.push(scenario));
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const lastEventId = (request.headers["last-event-id"] as string | undefined) ?? null;
    const route = `${request.method} ${request.url}`;
    if (route === "GET /_log") return void response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(log));
    log.requests.push({ method: request.method ?? "", url: request.url ?? "", lastEventId, body });
    const scenario = request.headers["x-scenario"];
    if (route === "POST /completions" && scenario === "break")
      return write(response, "text/event-stream", ['data: {"delta":"a"}\n\n', 'data: {"del'], cut);
    if (route === "POST /completions" && scenario === "hold")
      return write(response, "text/event-stream", ['data: {"delta":"a"}\n\n'], holdUntilClosed("hold"));
    if (route === "POST /completions" && (body as { stream?: boolean }).stream === true)
      // The server keeps the connection open after [DONE]: the client closes it.
      return write(response, "text/event-stream; charset=utf-8", COMPLETION, holdUntilClosed("done"));
    if (route === "POST /completions") return void response.writeHead(200, { "content-type": "application/json" }).end('{"text":"Hello"}');
    if (route === "GET /events" && lastEventId === null)
      return write(response, "text/event-stream", ['retry: 25\nid: 1\ndata: {"type":"delta","text":"a"}\n\n', 'id: 2\ndata: {"ty'], cut);
    if (route === "GET /events")
      return write(response, "text/event-stream", [
        'id: 2\ndata: {"type":"delta","text":"b"}\n\n',
        'data: {"type":"ping"}\n\n',
        'data: {"type":"done"}\n\n',
      ]);
    if (route === "GET /records") return write(response, "application/x-ndjson", ['{"n":1}\n{"n"', ':2}\r\n\n{"n":3}']);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
