// The credentials of each attempt: the client's access token (Authentication 1) and what the
// operation's own `security` asks for (auth/authorize-request.ts), written into the attempt's
// headers; after a 401, new ones for the next attempt (Authentication 2). A credential that
// cannot be obtained is an AuthenticationError, and no request is sent.
import type { AccessTokenManager } from "../auth/access-token.js";
import type { Authorization, RequestAuthorizer } from "../auth/authorize-request.js";
import { ApiError } from "../errors/api-error.js";
import { AuthenticationError } from "../errors/error-families.js";
import type { PreparedRequest } from "../prepare-request.js";

/** What one attempt carries: the client's access token and the credentials of the operation's security. */
export interface AttemptCredentials {
  token: string | undefined;
  authorization: Authorization | undefined;
}

/** The credentials of every attempt of a transport's calls. */
export interface CredentialsForAttempts {
  /**
   * Obtains an attempt's credentials and writes them into `headers`, with `ownCookie` (the
   * caller's) before the cookies of its credentials; throws an ApiError when one cannot be had.
   * A value, not a promise, when nothing had to be waited for: most calls.
   */
  obtain(
    request: PreparedRequest,
    headers: Record<string, string>,
    ownCookie: string | undefined,
  ): AttemptCredentials | Promise<AttemptCredentials>;
  /** Whether new credentials can be had after a 401 (a getAccessToken, not a static token). */
  canRefresh(carried: AttemptCredentials): boolean;
  /** Whether the attempt carried any credential to replace. */
  carriesRefreshable(carried: AttemptCredentials): boolean;
  /** Replaces what the attempt carried: one refresh shared by every call that carried the same. */
  refresh(carried: AttemptCredentials): Promise<void>;
}

const unavailable = (message: string, cause: unknown) =>
  new AuthenticationError({ code: "access_token_unavailable", status: undefined, retryable: false, message, cause });

function written(
  headers: Record<string, string>,
  ownCookie: string | undefined,
  token: string | undefined,
  authorization: Authorization | undefined,
): AttemptCredentials {
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (authorization) {
    Object.assign(headers, authorization.headers);
    const cookies = authorization.cookies.map(([name, value]) => `${name}=${value}`);
    if (cookies.length > 0) headers.cookie = [...(ownCookie === undefined ? [] : [ownCookie]), ...cookies].join("; ");
  }
  return { token, authorization };
}

export function credentialsForAttempts(
  tokens: AccessTokenManager | undefined,
  authorizer: RequestAuthorizer | undefined,
): CredentialsForAttempts {
  async function obtainAwaiting(
    request: PreparedRequest,
    headers: Record<string, string>,
    ownCookie: string | undefined,
    peeked: string | undefined,
  ): Promise<AttemptCredentials> {
    let token = peeked;
    if (tokens && token === undefined) {
      try {
        token = await tokens.current();
      } catch (cause) {
        throw unavailable("getAccessToken failed; no request was sent.", cause);
      }
    }
    let authorization: Authorization | undefined;
    if (authorizer) {
      try {
        authorization = await authorizer.authorize(request.method, request.path);
      } catch (cause) {
        throw cause instanceof ApiError
          ? cause
          : unavailable("A credential of the operation's security could not be obtained; no request was sent.", cause);
      }
    }
    return written(headers, ownCookie, token, authorization);
  }

  return {
    obtain(request, headers, ownCookie) {
      const peeked = tokens?.peek();
      // The token already obtained, and no security table to consult: nothing to wait for.
      if (!authorizer && (!tokens || peeked !== undefined)) return written(headers, ownCookie, peeked, undefined);
      return obtainAwaiting(request, headers, ownCookie, peeked);
    },
    canRefresh: ({ authorization }) => (tokens?.refreshable ?? false) || (authorization?.refreshable ?? false),
    carriesRefreshable: ({ token, authorization }) =>
      (tokens !== undefined && token !== undefined) || (authorization?.refreshable ?? false),
    async refresh({ token, authorization }) {
      if (tokens && token !== undefined) await tokens.refresh(token);
      if (authorization?.refreshable) await authorization.refresh();
    },
  };
}
