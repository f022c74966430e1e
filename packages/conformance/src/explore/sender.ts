// The real side of a sequence: each request sent through the run's target (counted against
// its budget and judged afterwards by the passive checks too), kept as the step a finding
// shows, and held at once to the conventions (./conventions.ts). A request that breaks one,
// or answers otherwise than the contract says it should, ends the sequence with a Finding.
import type { Contract, Operation } from "../contract.js";
import { describeExchange, type Exchange } from "../exchange.js";
import type { Target } from "../target.js";
import { conventionProblems } from "./conventions.js";

export interface Step {
  /** `POST /enrollments`, with the headers that matter and the body: how a person sends it again. */
  request: string;
  exchange: Exchange;
}

/** What a sequence found: the exchange, and what is wrong with it. */
export class Finding extends Error {
  constructor(
    readonly exchange: Exchange,
    readonly problem: string,
  ) {
    super(`${describeExchange(exchange)}: ${problem}`);
    this.name = "Finding";
  }
}

/**
 * The server asked the run to wait (429 once more after waiting, or 503): what comes back
 * until then says nothing of the contract, so the exploration stops without a finding.
 */
export class Stop extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "Stop";
  }
}

const SHOWN_BODY = 160;

export class Sender {
  readonly steps: Step[] = [];

  constructor(
    readonly target: Target,
    readonly contract: Contract,
  ) {}

  async send(operation: Operation, path: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<Exchange> {
    const headers = { ...(options.body !== undefined ? { "content-type": "application/json" } : {}), ...options.headers };
    const exchange = await this.target.send({
      method: operation.method.toUpperCase(),
      path,
      headers,
      ...(options.body !== undefined ? { body: options.body } : {}),
      operation: { path: operation.path, method: operation.method },
    });
    const shown = Object.entries(options.headers ?? {}).map(([name, value]) => ` ${name}: ${value}`);
    const body =
      options.body === undefined
        ? ""
        : ` ${options.body.length > SHOWN_BODY ? `${options.body.slice(0, SHOWN_BODY)}… (${options.body.length} characters)` : options.body}`;
    this.steps.push({ request: `${operation.method.toUpperCase()} ${path}${shown.join("")}${body}`, exchange });
    if (exchange.response.status === 429 || exchange.response.status === 503)
      throw new Stop(`${describeExchange(exchange)}: the server asked to wait`);
    const problems = conventionProblems(exchange, this.contract);
    if (problems.length > 0) throw new Finding(exchange, problems.join("; "));
    return exchange;
  }

  /** Ends the sequence when `problem` is not null. */
  expect(exchange: Exchange, problem: string | null): void {
    if (problem !== null) throw new Finding(exchange, problem);
  }
}
