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
  /** When the answer arrived (ms since the epoch), for headers that carry a time. */
  receivedAt: number;
  /**
   * Where a credential the run holds came back in an error answer (`error.message`, a
   * header): the place and which credential, never the value.
   */
  echoes: CredentialEcho[];
}

export interface CredentialEcho {
  /** `error.message`, `header www-authenticate`, `the body`. */
  where: string;
  /** `the bearer token`, `a client_secret` … */
  what: string;
}

export interface Exchange {
  request: SentRequest;
  response: ReceivedResponse;
}

const MAX_PATH = 80;

/**
 * `GET /certificates?limit=0 → 400 bad_request`: the request and what came back, in one line.
 * An error answer without `error.code` says so, and a body that is not JSON names its type,
 * so the line never reads as if the answer were the one expected.
 */
export function describeExchange({ request, response }: Exchange): string {
  const path = request.path.length > MAX_PATH ? `${request.path.slice(0, MAX_PATH)}… (${request.path.length} characters)` : request.path;
  return `${request.method} ${path} → ${response.status}${answerOf(response)}`;
}

/** What came back beside the status: the error code, or why there is none. */
function answerOf(response: ReceivedResponse): string {
  const code = errorCodeOf(response);
  if (code) return ` ${code}`;
  if (response.status < 400) return "";
  if (response.text === "") return " (empty body)";
  if (response.json === undefined) return ` (${response.headers["content-type"]?.split(";")[0] ?? "no content type"}, not JSON)`;
  return " (no error.code)";
}

/** The `error.code` of an error body, if the response has one. */
export function errorCodeOf(response: ReceivedResponse): string | undefined {
  const code = (response.json as { error?: { code?: unknown } } | undefined)?.error?.code;
  return typeof code === "string" ? code : undefined;
}

export const isSuccess = (status: number) => status >= 200 && status < 300;
