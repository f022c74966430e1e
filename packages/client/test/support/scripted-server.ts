// A real HTTP server on loopback that answers each request with the next step of a script,
// and records what it received (method, URL, headers, body), so tests assert both what the
// client sent and what it made of the answers.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { headerNames } from "@signing-platform/types";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface ReplyStep {
  status: number;
  headers?: Record<string, string>;
  /** A JSON value, or a raw string sent as is. */
  body?: unknown;
  raw?: boolean;
}

export type Step = ReplyStep | ((request: RecordedRequest, response: ServerResponse) => void);

export interface ScriptedServer {
  url: string;
  requests: RecordedRequest[];
  /** Replaces the script; requests beyond it get a 418 that no client retries. */
  play(...steps: Step[]): void;
  stop(): Promise<void>;
}

let requestCounter = 0;

/** The standard headers of every response (Errors › Headers on every response). */
export function standardHeaders(): Record<string, string> {
  requestCounter += 1;
  return {
    [headerNames.request_id]: `req_${requestCounter}`,
    [headerNames.rate_limit_limit]: "100",
    [headerNames.rate_limit_remaining]: "99",
    [headerNames.rate_limit_reset]: "1800000000",
  };
}

export function errorBody(code: string, message = `Error ${code}.`, details: unknown[] = []) {
  return { error: { code, message, request_id: "req_body", details } };
}

function reply(step: ReplyStep, response: ServerResponse): void {
  const text = step.body === undefined ? "" : step.raw ? String(step.body) : JSON.stringify(step.body);
  response.writeHead(step.status, {
    ...standardHeaders(),
    ...(text === "" ? {} : { "content-type": step.raw ? "text/html" : "application/json" }),
    ...step.headers,
  });
  response.end(text);
}

async function record(request: IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return { method: request.method ?? "", url: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") };
}

export async function startScriptedServer(): Promise<ScriptedServer> {
  let script: Step[] = [];
  const requests: RecordedRequest[] = [];
  const server = createServer(async (request, response) => {
    const recorded = await record(request);
    requests.push(recorded);
    const step = script.shift() ?? { status: 418, body: errorBody("script_exhausted", "The test script has no step for this request.") };
    if (typeof step === "function") step(recorded, response);
    else reply(step, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    play(...steps) {
      script = steps;
      requests.length = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A sleep that records each wait and returns at once. */
export function recordingSleep() {
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  return { waits, sleep };
}
