// A loopback HTTP server that records each request as it arrived (method, raw path and query,
// headers, body bytes) and answers as the wire document's operations do: text for the note's
// text, a PDF for the file's content, JSON otherwise.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

export interface RecordingServer {
  url: string;
  requests: RecordedRequest[];
  /** Forgets the requests, and fails the next `/retry/` request once more. */
  reset(): void;
  close(): Promise<void>;
}

const read = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });

export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  let retried = false;
  const server: Server = createServer(async (request, response) => {
    const body = await read(request);
    requests.push({
      method: request.method ?? "",
      url: request.url ?? "",
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
      body,
    });
    const path = (request.url ?? "").split("?")[0]!;
    if (path.includes("/retry/") && !retried) {
      // The first attempt fails as an overloaded server's does; the retry must send the same bytes.
      retried = true;
      response
        .writeHead(503, { "content-type": "application/json", "retry-after": "0" })
        .end('{"error":{"code":"unavailable","message":"Try again."}}');
    } else if (path.includes("/missing/")) {
      response.writeHead(404, { "content-type": "application/json" }).end('{"error":{"code":"not_found","message":"No such file."}}');
    } else if (path.endsWith("/text")) {
      response.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end("hello");
    } else if (request.method === "GET" && path.endsWith("/content")) {
      response.writeHead(200, { "content-type": "application/pdf" }).end(Buffer.from("%PDF-1.7 fake"));
    } else {
      response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reset() {
      requests.length = 0;
      retried = false;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What the SDKs send, without what their HTTP stacks add (user-agent, connection, …) and with the multipart boundary named. */
export function wireOf(request: RecordedRequest) {
  const contentType = request.headers["content-type"] ?? "";
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
  let body = request.body.toString("utf8");
  if (boundary) body = body.split(boundary).join("BOUNDARY");
  const picked = ["content-type", "accept", "x-trace", "cookie"].filter((name) => name in request.headers);
  return {
    method: request.method,
    url: request.url,
    headers: Object.fromEntries(
      picked.map((name) => [
        name,
        boundary && name === "content-type" ? contentType.split(boundary).join("BOUNDARY") : request.headers[name],
      ]),
    ),
    body,
  };
}
