// The shape of scenarios.json: what a loopback server answers, in order, the calls a
// generated SDK makes, and what both runtimes must make of it. A runner (typescript-runner.ts,
// run_scenario.py) reports what it observed as an Observation, which the test compares with
// `expect`.
import type { ReplyStep } from "../../../client/test/support/scripted-server.js";

/** One call of a resource method: `sdk.<resource>.<method>(...args)`. */
export interface ScenarioCall {
  /** The resource as TypeScript names it; Python's is its snake_case. */
  resource: string;
  method: string;
  /** Positional arguments: path parameters, then the body. */
  args: unknown[];
  /** Query parameters: TypeScript's positional query object, Python's keyword arguments. */
  query?: Record<string, unknown>;
  /** Per-call options, named as TypeScript names them (`idempotencyKey`, `headers`). */
  options?: Record<string, unknown>;
  /** Iterate every item of a list instead of taking the first page. */
  iterate?: boolean;
  /** Take the raw response too (`.withResponse()`, `with_response(method)`): the result is the body, status, ETag and request id. */
  withResponse?: boolean;
  /** Codes the error is asked about with `is` (TypeScript) and `is_code` (Python). */
  isCodes?: string[];
  /** Report the error's details too: each one's field, code and message. */
  details?: boolean;
}

/** What a call gave: its result, or its error as both runtimes describe it. */
export type Outcome =
  | { result: unknown }
  | {
      error: {
        type: string;
        code: string | null;
        receivedCode: string | null;
        status: number | null;
        requestId: string | null;
        is?: Record<string, boolean>;
        details?: Array<{ field?: string; code: string; message: string }>;
      };
    };

/** A request the server saw; a header expected as null must be absent. */
export interface ExpectedRequest {
  method: string;
  /** Path and query as sent. */
  path: string;
  headers?: Record<string, string | null>;
  /** Headers whose value must match a regular expression: one that names the runtime's version. */
  matching?: Record<string, string>;
}

export interface Scenario {
  name: string;
  /** Client options, named as TypeScript names them (`etagCache`). */
  client?: Record<string, unknown>;
  answers: ReplyStep[];
  calls: ScenarioCall[];
  expect: {
    requests?: ExpectedRequest[];
    /** The number of requests the server saw, when the requests themselves are not listed. */
    attempts?: number;
    /** A header every request carried with one and the same value. */
    sameHeader?: string;
    /** Each wait in seconds; null for a backoff, whose length is random. */
    waits?: Array<number | null>;
    outcomes: Outcome[];
    /** Substrings of the lines the runtime logged, in order. */
    logged?: string[];
    /** The deprecation warnings given, whole; `{method}` stands for the first call's SDK method. */
    warned?: string[];
  };
}

/** What a runner reports of one scenario. */
export interface Observation {
  outcomes: Outcome[];
  /** Each wait in seconds. */
  waits: number[];
  logged: string[];
  /** The deprecation warnings given (Python: those pointing at the caller's line). */
  warned: string[];
}
