// Hooks for logging and tracing. They see what is needed to follow a call, never the
// access token (the Authorization header is redacted), and never a body unless the client
// was created with `hooks.includeBodies: true`: bodies may carry personal data and the
// signing request's client_secret.

/** What `onRequest` is told of each attempt before it is sent; the Authorization header is redacted. */
export interface RequestHookEvent {
  /** The HTTP method, upper case. */
  method: string;
  /** The path template, such as `/certificates/{id}`. */
  path: string;
  /** The full URL of the request. */
  url: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** The request headers, the Authorization header redacted. */
  headers: Record<string, string>;
  /** The request body, only with `includeBodies: true`. */
  body?: string;
}

/** What `onResponse` is told of each attempt once it has an answer or failed. */
export interface ResponseHookEvent {
  /** The HTTP method, upper case. */
  method: string;
  /** The path template, such as `/certificates/{id}`. */
  path: string;
  /** The full URL of the request. */
  url: string;
  /** The attempt this answers, 1 for the first. */
  attempt: number;
  /** Undefined when no response arrived (a network error). */
  status: number | undefined;
  /** The request id of the response, when it has one. */
  requestId: string | undefined;
  /** How long the attempt took, in milliseconds. */
  durationMs: number;
  /** The response body, only with `includeBodies: true`. */
  body?: string;
}

/** What `onRetry` is told before the client waits and sends an attempt again. */
export interface RetryHookEvent {
  /** The HTTP method, upper case. */
  method: string;
  /** The path template, such as `/certificates/{id}`. */
  path: string;
  /** The attempt that is about to be made. */
  attempt: number;
  /** How long the client waits before the attempt, in milliseconds. */
  delayMs: number;
  /** Why the call is retried: `refreshed_credentials`, `retry_after`, `same_idempotency_key`, `backoff` or `network_error`. */
  reason: string;
  /** The status of the attempt that failed; undefined for a network error. */
  status: number | undefined;
}

/** What `onUnknownErrorCode` is told of an error code the API's catalogue does not list. */
export interface UnknownErrorCodeHookEvent {
  /** The error code as the server sent it. */
  code: string;
  /** The HTTP status of the response. */
  status: number;
  /** The request id of the response, when it has one. */
  requestId: string | undefined;
  /** The HTTP method, upper case. */
  method: string;
  /** The path template, such as `/certificates/{id}`. */
  path: string;
}

/** Callbacks for logging and tracing; they never see the access token, nor a body unless `includeBodies` is true. */
export interface ClientHooks {
  /** Called before each attempt is sent. */
  onRequest?: (event: RequestHookEvent) => void;
  /** Called when each attempt is answered or fails. */
  onResponse?: (event: ResponseHookEvent) => void;
  /** Called before the client waits and retries. */
  onRetry?: (event: RetryHookEvent) => void;
  /**
   * An error code this version does not know (Versioning: "Unknown error codes may appear").
   * Without this hook the client logs it with console.warn: Errors › Error codes says
   * "Clients log unknown codes".
   */
  onUnknownErrorCode?: (event: UnknownErrorCodeHookEvent) => void;
  /** Give onRequest and onResponse the request and response bodies. Off by default. */
  includeBodies?: boolean;
}

export const REDACTED = "[redacted]";

/** Calls a hook; a hook that throws must not break the call it observes. */
export function callHook<Event>(hook: ((event: Event) => void) | undefined, event: Event): void {
  if (!hook) return;
  try {
    hook(event);
  } catch {
    // Ignored on purpose: observability never changes the outcome of a call.
  }
}

export function warnUnknownErrorCode(event: UnknownErrorCodeHookEvent): void {
  console.warn(
    `Unknown error code "${event.code}" (status ${event.status}, request ${event.requestId ?? "without id"}, ${event.method} ${event.path}); returned as ApiError.`,
  );
}
