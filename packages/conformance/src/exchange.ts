// One request the run sent and what came back, kept for the passive checks and for the
// one-line description a failure shows. Credentials are never kept: the Authorization header
// is recorded as present or absent only.

export interface SentRequest {
  method: string;
  /** Path and query, as sent. */
  path: string;
  headers: Record<string, string>;
  /** Bytes of the body sent, if any. */
  bodyBytes: number;
  /** The operation (path template, lower-case method) the request was made for; null for a path no operation has. */
  operation: { path: string; method: string } | null;
}

export interface ReceivedResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  text: string;
  /** The body parsed as JSON; undefined when empty or not JSON. */
  json: unknown;
}

export interface Exchange {
  request: SentRequest;
  response: ReceivedResponse;
}

const MAX_PATH = 80;

/** `GET /certificates?limit=0 → 400 bad_request`: the request and what came back, in one line. */
export function describeExchange({ request, response }: Exchange): string {
  const path = request.path.length > MAX_PATH ? `${request.path.slice(0, MAX_PATH)}… (${request.path.length} characters)` : request.path;
  const code = errorCodeOf(response);
  return `${request.method} ${path} → ${response.status}${code ? ` ${code}` : ""}`;
}

/** The `error.code` of an error body, if the response has one. */
export function errorCodeOf(response: ReceivedResponse): string | undefined {
  const code = (response.json as { error?: { code?: unknown } } | undefined)?.error?.code;
  return typeof code === "string" ? code : undefined;
}

export const isSuccess = (status: number) => status >= 200 && status < 300;
