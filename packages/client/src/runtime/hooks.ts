// Hooks for logging and tracing. They see what is needed to follow a call, never the
// access token (the Authorization header is redacted), and never a body unless the client
// was created with `hooks.includeBodies: true`: bodies may carry personal data and the
// signing request's client_secret.

export interface RequestHookEvent {
  method: string;
  /** The path template, such as `/certificates/{id}`. */
  path: string;
  url: string;
  /** 1 for the first attempt. */
  attempt: number;
  headers: Record<string, string>;
  body?: string;
}

export interface ResponseHookEvent {
  method: string;
  path: string;
  url: string;
  attempt: number;
  /** Undefined when no response arrived (a network error). */
  status: number | undefined;
  requestId: string | undefined;
  durationMs: number;
  body?: string;
}

export interface RetryHookEvent {
  method: string;
  path: string;
  /** The attempt that is about to be made. */
  attempt: number;
  delayMs: number;
  reason: string;
  status: number | undefined;
}

export interface UnknownErrorCodeHookEvent {
  code: string;
  status: number;
  requestId: string | undefined;
  method: string;
  path: string;
}

export interface ClientHooks {
  onRequest?: (event: RequestHookEvent) => void;
  onResponse?: (event: ResponseHookEvent) => void;
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
