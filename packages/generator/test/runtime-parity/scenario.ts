// The shape of scenarios.json: what a loopback server answers, in order, the calls a
// generated SDK makes, and what both runtimes must make of it. A runner (typescript-runner.ts,
// run_scenario.py) reports what it observed as an Observation, which the test compares with
// `expect`; the events the client's hooks were told, in one shape for every runtime (HookEvent).
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

/** What the server does instead of answering: closes the connection, a network error for the client. */
export interface ResetStep {
  reset: true;
}

/** The client's hooks, as TypeScript names them. */
export type HookName = "onRequest" | "onResponse" | "onRetry" | "onUnknownErrorCode";

/** Hooks the runner gives the client: each records the events it is told (`Hooks(...)` in Python). */
export interface ScenarioHooks {
  given: HookName[];
  includeBodies?: boolean;
  /** Each hook throws (Python: raises) once it has recorded its event. */
  throwing?: boolean;
}

/**
 * An event a hook was told, in one shape for every runtime: `hook` names the hook, and the
 * event's fields follow, as TypeScript names them (Python's snake_case read as camelCase; None
 * and undefined alike as null). The runners report them so; the test (commonShape) then checks
 * and leaves out what cannot be the same twice: a duration, a random backoff's delay (null), the
 * server's address in a URL (`{baseUrl}`), and the values of the User-Agent (`{userAgent}`, it
 * names the runtime) and of an idempotency key (`{idempotencyKey}`).
 */
export interface HookEvent {
  hook: HookName;
  [field: string]: unknown;
}

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
  /** Access tokens a provider gives in turn (the first, then one for each refresh), instead of one fixed token. */
  tokens?: string[];
  answers: Array<ReplyStep | ResetStep>;
  /** Hooks given to the client; their events are expected in `expect.hooks`. */
  hooks?: ScenarioHooks;
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
    /** The events told to the hooks, in order (HookEvent). */
    hooks?: HookEvent[];
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
  /** The events told to the scenario's hooks, in order. */
  hooks: HookEvent[];
}
