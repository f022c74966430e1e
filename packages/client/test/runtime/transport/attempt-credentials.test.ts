// The credentials of each attempt (Authentication 1–2): the client's token and the operation's
// own, written into the attempt's headers, obtained without a wait when the token is at hand,
// and a credential that cannot be had is an AuthenticationError before anything is sent.
import { describe, expect, it, vi } from "vitest";
import { refreshingAccessToken, staticAccessToken, type AccessTokenManager } from "../../../src/runtime/auth/access-token.js";
import type { Authorization, RequestAuthorizer } from "../../../src/runtime/auth/authorize-request.js";
import { ApiError } from "../../../src/runtime/errors/api-error.js";
import { AuthenticationError, ConnectionError } from "../../../src/runtime/errors/error-families.js";
import { credentialsForAttempts, type AttemptCredentials } from "../../../src/runtime/transport/attempt-credentials.js";
import { preparedRequest } from "./support.js";

function authorization(overrides: Partial<Authorization> = {}): Authorization {
  return { headers: {}, query: [], cookies: [], fetch: undefined, refreshable: false, refresh: async () => {}, ...overrides };
}

const authorizing = (result: Authorization | undefined | Error): RequestAuthorizer => ({
  authorize: async () => {
    if (result instanceof Error) throw result;
    return result;
  },
});

describe("credentialsForAttempts", () => {
  it("writes a token at hand into the headers without a wait", () => {
    const headers: Record<string, string> = {};
    const carried = credentialsForAttempts(staticAccessToken("token-1"), undefined).obtain(preparedRequest(), headers, undefined);
    expect(carried).toEqual({ token: "token-1", authorization: undefined });
    expect(headers).toEqual({ authorization: "Bearer token-1" });
  });

  it("waits for the first token of getAccessToken", async () => {
    const headers: Record<string, string> = {};
    const obtained = credentialsForAttempts(
      refreshingAccessToken(async () => "token-2"),
      undefined,
    ).obtain(preparedRequest(), headers, undefined);
    expect(obtained).toBeInstanceOf(Promise);
    expect(await obtained).toEqual({ token: "token-2", authorization: undefined });
    expect(headers.authorization).toBe("Bearer token-2");
  });

  it("writes the operation's credentials, its cookies after the caller's own", async () => {
    const headers: Record<string, string> = { cookie: "theme=dark" };
    const operation = authorization({ headers: { "x-api-key": "key-1" }, cookies: [["session", "s-1"]] });
    const carried = await credentialsForAttempts(undefined, authorizing(operation)).obtain(preparedRequest(), headers, "theme=dark");
    expect(carried).toEqual({ token: undefined, authorization: operation });
    expect(headers).toEqual({ cookie: "theme=dark; session=s-1", "x-api-key": "key-1" });
  });

  it.each<[string, { tokens?: AccessTokenManager; authorizer?: RequestAuthorizer; want: Partial<AuthenticationError> }]>([
    [
      "a getAccessToken that fails",
      {
        tokens: refreshingAccessToken(async () => Promise.reject(new Error("vault down"))),
        want: { code: "access_token_unavailable", message: "getAccessToken failed; no request was sent." },
      },
    ],
    [
      "a credential of the operation's security that cannot be had",
      {
        authorizer: authorizing(new Error("no key")),
        want: {
          code: "access_token_unavailable",
          message: "A credential of the operation's security could not be obtained; no request was sent.",
        },
      },
    ],
  ])("refuses %s with an AuthenticationError", async (_name, { tokens, authorizer, want }) => {
    const headers: Record<string, string> = {};
    const failure = await Promise.resolve(credentialsForAttempts(tokens, authorizer).obtain(preparedRequest(), headers, undefined)).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AuthenticationError);
    expect(failure).toMatchObject({ ...want, retryable: false });
    expect((failure as Error).cause).toBeInstanceOf(Error);
    expect(headers).toEqual({});
  });

  it("passes on the ApiError of the operation's security as it is", async () => {
    const refused = new ConnectionError({ code: "connection_error", message: "The token endpoint could not be reached." });
    const obtained = credentialsForAttempts(undefined, authorizing(refused)).obtain(preparedRequest(), {}, undefined);
    await expect(obtained).rejects.toBe(refused);
    expect(refused).toBeInstanceOf(ApiError);
  });

  it.each<
    [string, { tokens?: AccessTokenManager; carried: AttemptCredentials; want: { canRefresh: boolean; carriesRefreshable: boolean } }]
  >([
    ["no credential", { carried: { token: undefined, authorization: undefined }, want: { canRefresh: false, carriesRefreshable: false } }],
    [
      "a static token",
      {
        tokens: staticAccessToken("t"),
        carried: { token: "t", authorization: undefined },
        want: { canRefresh: false, carriesRefreshable: true },
      },
    ],
    [
      "a token of getAccessToken",
      {
        tokens: refreshingAccessToken(() => "t"),
        carried: { token: "t", authorization: undefined },
        want: { canRefresh: true, carriesRefreshable: true },
      },
    ],
    [
      "the operation's refreshable credentials",
      {
        carried: { token: undefined, authorization: authorization({ refreshable: true }) },
        want: { canRefresh: true, carriesRefreshable: true },
      },
    ],
    [
      "the operation's static credentials",
      { carried: { token: undefined, authorization: authorization() }, want: { canRefresh: false, carriesRefreshable: false } },
    ],
  ])("after a 401, with %s, says whether new credentials can be had", (_name, { tokens, carried, want }) => {
    const credentials = credentialsForAttempts(tokens, undefined);
    expect({ canRefresh: credentials.canRefresh(carried), carriesRefreshable: credentials.carriesRefreshable(carried) }).toEqual(want);
  });

  it("refreshes the rejected token and the operation's credentials", async () => {
    const tokens = refreshingAccessToken(() => "t");
    const refreshToken = vi.spyOn(tokens, "refresh");
    const refreshOperation = vi.fn(async () => {});
    await credentialsForAttempts(tokens, undefined).refresh({
      token: "t",
      authorization: authorization({ refreshable: true, refresh: refreshOperation }),
    });
    expect(refreshToken).toHaveBeenCalledWith("t");
    expect(refreshOperation).toHaveBeenCalledTimes(1);
  });
});
