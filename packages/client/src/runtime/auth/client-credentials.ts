// OAuth 2.0 client credentials (RFC 6749 §4.4): the token is fetched once, kept until shortly
// before its `expires_in`, fetched again after that or when a call with it gets a 401. Calls
// in flight share one request to the token endpoint. A failure is an AuthenticationError whose
// message names the status and the OAuth error code only: never the client secret, the token
// or the endpoint's free text, which may echo them.
import { AuthenticationError } from "../errors/error-families.js";
import type { FetchLike } from "../fetch-like.js";
import type { AccessTokenManager } from "./access-token.js";
import { base64Utf8 } from "./basic-auth.js";
import type { OAuth2ClientCredentials } from "./security-schemes.js";

export interface ClientCredentialsContext {
  fetch: FetchLike;
  /** Base URL of the API: a relative `tokenUrl` is read against it. */
  baseUrl: string;
  now: () => number;
}

/** How long before `expires_in` ends a token stops being used: 30 s, or half its life when shorter. */
const marginMs = (lifetimeMs: number) => Math.min(30_000, lifetimeMs / 2);

const tokenError = (message: string, status: number | undefined, cause?: unknown) =>
  new AuthenticationError({ code: "token_request_failed", status, retryable: false, message, cause });

async function requestToken(
  credentials: OAuth2ClientCredentials,
  tokenUrl: string,
  scopes: readonly string[],
  context: ClientCredentialsContext,
): Promise<{ token: string; lifetimeMs: number | undefined }> {
  const form = new URLSearchParams({ grant_type: "client_credentials" });
  if (scopes.length > 0) form.set("scope", scopes.join(" "));
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };
  if (credentials.clientAuthentication === "body") {
    form.set("client_id", credentials.clientId);
    form.set("client_secret", credentials.clientSecret);
  } else {
    // RFC 6749 §2.3.1: each part form-encoded before it is joined and encoded as HTTP basic.
    const encode = (part: string) => encodeURIComponent(part).replace(/%20/g, "+");
    headers.authorization = `Basic ${base64Utf8(`${encode(credentials.clientId)}:${encode(credentials.clientSecret)}`)}`;
  }
  const url = new URL(tokenUrl, `${context.baseUrl}/`).toString();
  let response: Response;
  let text: string;
  try {
    response = await context.fetch(url, { method: "POST", headers, body: form.toString() });
    text = await response.text();
  } catch (cause) {
    throw tokenError("The token endpoint could not be reached; no request was sent.", undefined, cause);
  }
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: reported by status below.
  }
  if (!response.ok || typeof body.access_token !== "string") {
    const code = typeof body.error === "string" && /^[\x20-\x7e]{1,64}$/.test(body.error) ? ` (${body.error})` : "";
    const what = response.ok ? "no access_token" : `status ${response.status}${code}`;
    throw tokenError(`The token endpoint answered ${what}; no request was sent.`, response.status);
  }
  const expiresIn = Number(body.expires_in);
  return { token: body.access_token, lifetimeMs: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn * 1000 : undefined };
}

export function clientCredentialsTokens(
  credentials: OAuth2ClientCredentials,
  declared: { tokenUrl: string; scopes: readonly string[] },
  context: ClientCredentialsContext,
): AccessTokenManager {
  const tokenUrl = credentials.tokenUrl ?? declared.tokenUrl;
  const scopes = credentials.scopes ?? declared.scopes;
  let value: string | undefined;
  let usableUntil = Number.POSITIVE_INFINITY;
  let inFlight: Promise<string> | undefined;

  const fresh = () => (value !== undefined && context.now() < usableUntil ? value : undefined);
  const obtain = (): Promise<string> => {
    inFlight ??= requestToken(credentials, tokenUrl, scopes, context).then(
      ({ token, lifetimeMs }) => {
        value = token;
        usableUntil = lifetimeMs === undefined ? Number.POSITIVE_INFINITY : context.now() + lifetimeMs - marginMs(lifetimeMs);
        inFlight = undefined;
        return token;
      },
      (error: unknown) => {
        inFlight = undefined;
        throw error;
      },
    );
    return inFlight;
  };

  return {
    refreshable: true,
    current: () => {
      const kept = fresh();
      return kept !== undefined ? Promise.resolve(kept) : obtain();
    },
    peek: fresh,
    refresh(rejected) {
      // Another call already replaced the rejected token: use the new one.
      const kept = fresh();
      if (kept !== undefined && kept !== rejected) return Promise.resolve(kept);
      if (!inFlight) value = undefined;
      return obtain();
    },
  };
}
