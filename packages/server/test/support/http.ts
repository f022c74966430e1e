// Real HTTP on loopback for the tests: start an app on a free port, call it with undici,
// and check the conventions every response must carry.
import { Server as TlsServer } from "node:tls";
import type { FastifyInstance } from "fastify";
import { request as undiciRequest, type Dispatcher } from "undici";
import { afterAll, beforeAll, expect } from "vitest";

export interface Running {
  url: string;
  close(): Promise<void>;
}

export async function listen(app: FastifyInstance): Promise<Running> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const scheme = app.server instanceof TlsServer ? "https" : "http";
  return { url: `${scheme}://127.0.0.1:${port}`, close: () => app.close() };
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The body parsed as JSON, or undefined when it is empty or not JSON. */
  json: any;
}

export interface CallOptions {
  method?: Dispatcher.HttpMethod;
  headers?: Record<string, string>;
  /** An object is sent as JSON with Content-Type application/json. */
  body?: unknown;
  token?: string | null;
  dispatcher?: Dispatcher;
}

export async function call(url: string, options: CallOptions = {}): Promise<Answer> {
  const { method = "GET", token = null, dispatcher } = options;
  const headers: Record<string, string> = { ...(token === null ? {} : { authorization: `Bearer ${token}` }) };
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    if (typeof options.body !== "string") headers["content-type"] = "application/json";
  }
  Object.assign(headers, options.headers);
  const response = await undiciRequest(url, { method, headers, body, ...(dispatcher && { dispatcher }) });
  const text = await response.body.text();
  let json: any;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  const flat = Object.fromEntries(
    Object.entries(response.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)]),
  );
  return { status: response.statusCode, headers: flat, text, json };
}

const REQUEST_ID = /^req_[0-9a-f]{32}$/;

/** Request-Id and the three rate-limit headers (Errors › Headers on every response). */
export function expectStandardHeaders(answer: Answer): void {
  expect(answer.headers["request-id"]).toMatch(REQUEST_ID);
  expect(answer.headers["ratelimit-limit"]).toMatch(/^\d+$/);
  expect(answer.headers["ratelimit-remaining"]).toMatch(/^\d+$/);
  expect(Number(answer.headers["ratelimit-reset"])).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
}

/** The error body of the interface document, with request_id equal to the Request-Id header. */
export function expectError(answer: Answer, status: number, code: string): void {
  expect({ status: answer.status, code: answer.json?.error?.code }).toEqual({ status, code });
  expectStandardHeaders(answer);
  expect(Object.keys(answer.json).sort()).toEqual(["error"]);
  expect(Object.keys(answer.json.error).sort()).toEqual(["code", "details", "message", "request_id"]);
  expect(answer.json.error.request_id).toBe(answer.headers["request-id"]);
  expect(typeof answer.json.error.message).toBe("string");
  expect(Array.isArray(answer.json.error.details)).toBe(true);
  expect(answer.headers["content-type"]).toMatch(/^application\/json/);
}

/** The same call through Fastify's `inject` (light-my-request): no socket, no port. */
export async function injectCall(app: FastifyInstance, path: string, options: Omit<CallOptions, "dispatcher"> = {}): Promise<Answer> {
  const { method = "GET", token = null } = options;
  const headers: Record<string, string> = { ...(token === null ? {} : { authorization: `Bearer ${token}` }) };
  let payload: string | undefined;
  if (options.body !== undefined) {
    payload = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    if (typeof options.body !== "string") headers["content-type"] = "application/json";
  }
  Object.assign(headers, options.headers);
  const response = await app.inject({ method: method as "GET", url: path, headers, ...(payload !== undefined && { payload }) });
  let json: any;
  try {
    json = response.body === "" ? undefined : JSON.parse(response.body);
  } catch {
    json = undefined;
  }
  const flat = Object.fromEntries(
    Object.entries(response.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)]),
  );
  return { status: response.statusCode, headers: flat, text: response.body, json };
}

/** How a test sends a request: through Fastify's inject or over a real socket. */
export type Transport = (path: string, options?: Omit<CallOptions, "dispatcher">) => Promise<Answer>;

/**
 * The two ways a test reaches an app, to run each case through both: Fastify's `inject`, and a
 * real socket on loopback (listening from the file's beforeAll to its afterAll). Call it at the
 * top of a test file.
 */
export function transportsOf(app: FastifyInstance): [name: string, send: Transport][] {
  let running: Running | undefined;
  beforeAll(async () => {
    running = await listen(app);
  });
  afterAll(() => running?.close());
  return [
    ["inject", (path, options) => injectCall(app, path, options)],
    ["loopback", (path, options) => call(`${running!.url}${path}`, options)],
  ];
}
