// The implementation under test, over HTTP with undici: every request is counted against the
// run's budget and recorded for the passive checks. A 429 is waited out (its Retry-After, at
// most a minute) and sent once more, so a run does not turn into a burst; the rate-limit
// check alone asks for 429s on purpose.
import { readFileSync } from "node:fs";
import { Agent, request } from "undici";
import { SkipCheck } from "./outcome.js";
import type { Contract } from "./contract.js";
import { Credentials } from "./echoes.js";
import type { Exchange, ReceivedResponse, SentRequest } from "./exchange.js";
import { SetupError } from "./setup-error.js";

/** How to reach the implementation under test: its base URL and the credentials to send. */
export interface TargetOptions {
  /** The base URL of the implementation, such as `https://staging.example.com`. */
  baseUrl: string;
  /** The bearer token, or a function that gives one (a token command). */
  token?: string | (() => Promise<string>);
  /** For mutual TLS. */
  clientCertificate?: { cert: string; key: string };
  /** The CA that signed the server's certificate, when it is not a public one. */
  ca?: string;
}

export interface SendOptions {
  method: string;
  /** Path and query, appended to the base URL. */
  path: string;
  headers?: Record<string, string>;
  /** A string or bytes sent as they are; anything else as JSON. */
  body?: unknown;
  /** Send without credentials. */
  anonymous?: boolean;
  /** Return a 429 as it came (the rate-limit check); otherwise it is waited out once. */
  keep429?: boolean;
  /** The operation the request is for; null for a path the API does not have; found from the path when absent. */
  operation?: SentRequest["operation"];
}

/** The run's shared state: the request budget, every exchange, and the credentials held (never recorded). */
export class RunLog {
  readonly exchanges: Exchange[] = [];
  readonly credentials = new Credentials();
  sent = 0;
  constructor(readonly maxRequests: number) {}
}

export class Target {
  private readonly dispatcher: Agent;
  /** The same connections without the client certificate, for requests sent with no credentials. */
  private readonly anonymousDispatcher: Agent;
  private token: string | undefined;

  constructor(
    private readonly options: TargetOptions,
    private readonly contract: Contract,
    private readonly log: RunLog,
    /** How a finding names this target's token: `the bearer token`. */
    private readonly tokenName = "the bearer token",
  ) {
    const { clientCertificate } = options;
    const ca = options.ca ? { ca: options.ca } : {};
    this.dispatcher = new Agent({ connections: 16, connect: { ...ca, ...(clientCertificate ?? {}) } });
    this.anonymousDispatcher = clientCertificate ? new Agent({ connections: 4, connect: ca }) : this.dispatcher;
  }

  get hasCredentials(): boolean {
    return this.options.token !== undefined || this.options.clientCertificate !== undefined;
  }

  /** Requests left in the budget. */
  get remaining(): number {
    return this.log.maxRequests - this.log.sent;
  }

  /** Skips the calling check unless `count` more requests fit in the budget. */
  reserve(count: number): void {
    if (this.remaining < count) throw new SkipCheck(`the request budget is spent (--max-requests ${this.log.maxRequests})`);
  }

  /**
   * Obtains the token before the first request, so a token command that fails is one setup
   * error rather than a failure of every check.
   */
  async ready(): Promise<void> {
    if (this.options.token === undefined) return;
    let token: string;
    try {
      token = await this.accessToken();
    } catch (error) {
      throw new SetupError(`the token could not be obtained: ${(error as Error)?.message ?? error}`);
    }
    if (!token.trim()) throw new SetupError("the token is empty: check the credentials.");
  }

  async send(options: SendOptions): Promise<Exchange> {
    const exchange = await this.sendOnce(options);
    const retryAfter = Number(exchange.response.headers[this.contract.headers.retryAfter.toLowerCase()] ?? 1);
    if (exchange.response.status !== 429 || options.keep429) return exchange;
    await new Promise((resolve) => setTimeout(resolve, Math.min(Number.isFinite(retryAfter) ? retryAfter : 1, 60) * 1000));
    return this.sendOnce(options);
  }

  private async sendOnce(options: SendOptions): Promise<Exchange> {
    this.reserve(1);
    this.log.sent++;
    const headers: Record<string, string> = { accept: "application/json", ...options.headers };
    if (!options.anonymous && this.options.token !== undefined) headers.authorization ??= `Bearer ${await this.accessToken()}`;
    let body: string | Buffer | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === "string" || Buffer.isBuffer(options.body) ? options.body : JSON.stringify(options.body);
      if (typeof options.body !== "string" && !Buffer.isBuffer(options.body)) headers["content-type"] ??= "application/json";
    }
    const url = new URL(
      options.path.replace(/^\//, ""),
      this.options.baseUrl.endsWith("/") ? this.options.baseUrl : `${this.options.baseUrl}/`,
    );
    const answer = await request(url, {
      method: options.method as "GET",
      headers,
      ...(body !== undefined ? { body } : {}),
      dispatcher: options.anonymous ? this.anonymousDispatcher : this.dispatcher,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    const text = await answer.body.text();
    const received = {
      status: answer.statusCode,
      headers: Object.fromEntries(
        Object.entries(answer.headers).map(([name, value]) => [
          name.toLowerCase(),
          Array.isArray(value) ? value.join(", ") : String(value),
        ]),
      ),
      text,
      json: parseJson(text),
    };
    if (received.status < 400) this.log.credentials.learnFrom(received.json);
    const response: ReceivedResponse = { ...received, receivedAt: Date.now(), echoes: this.log.credentials.echoesIn(received) };
    const recordedHeaders = { ...headers };
    if (recordedHeaders.authorization) recordedHeaders.authorization = "(sent)";
    const exchange: Exchange = {
      request: {
        method: options.method,
        path: url.pathname + url.search,
        headers: recordedHeaders,
        bodyBytes: body === undefined ? 0 : Buffer.byteLength(body),
        operation: options.operation !== undefined ? options.operation : this.contract.operationOf(options.method, url.pathname),
      },
      response,
    };
    this.log.exchanges.push(exchange);
    return exchange;
  }

  private async accessToken(): Promise<string> {
    const token = this.options.token;
    this.token ??= typeof token === "string" ? token : await token!();
    this.log.credentials.hold(this.token, this.tokenName);
    return this.token;
  }

  async close(): Promise<void> {
    await Promise.all([this.dispatcher.close(), this.anonymousDispatcher === this.dispatcher ? null : this.anonymousDispatcher.close()]);
  }
}

function parseJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A PEM file's text, or unusable input naming the file. */
export function readPem(file: string, what: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(`${what} ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"}).`);
  }
}
