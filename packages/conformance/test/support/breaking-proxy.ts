// A proxy in front of a real sandbox that breaks one rule of the contract: it forwards every
// request and response over HTTP, letting a `breach` rewrite the request on the way in and the
// response on the way out. Each breach is written against the rule, not against a check, so
// that the checks' independence is what the tests show.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { request } from "undici";

export interface ProxiedRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

export interface ProxiedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface Breach {
  request?(request: ProxiedRequest): ProxiedRequest | Promise<ProxiedRequest>;
  response?(response: ProxiedResponse, request: ProxiedRequest): ProxiedResponse | Promise<ProxiedResponse>;
}

export interface BreakingProxy {
  url: string;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "host"]);

async function readBody(incoming: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startBreakingProxy(upstream: string, breach: Breach): Promise<BreakingProxy> {
  const server: Server = createServer(async (incoming, outgoing) => {
    try {
      const headers = Object.fromEntries(
        Object.entries(incoming.headers)
          .filter(([name]) => !HOP_BY_HOP.has(name))
          .map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)]),
      );
      let sent: ProxiedRequest = { method: incoming.method ?? "GET", url: incoming.url ?? "/", headers, body: await readBody(incoming) };
      sent = (await breach.request?.(sent)) ?? sent;
      const answer = await request(new URL(sent.url, upstream), {
        method: sent.method as "GET",
        headers: sent.headers,
        ...(sent.body.length > 0 ? { body: sent.body } : {}),
      });
      let received: ProxiedResponse = {
        status: answer.statusCode,
        headers: Object.fromEntries(
          Object.entries(answer.headers)
            .filter(([name]) => !HOP_BY_HOP.has(name))
            .map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)]),
        ),
        body: Buffer.from(await answer.body.arrayBuffer()),
      };
      received = (await breach.response?.(received, sent)) ?? received;
      outgoing.writeHead(received.status, received.headers).end(received.body);
    } catch (error) {
      outgoing.writeHead(502, { "content-type": "text/plain" }).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The JSON of a body, to rewrite; undefined when it is not JSON. */
export function jsonOf(body: Buffer): any {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

export const asBody = (value: unknown) => Buffer.from(JSON.stringify(value));
