// Access tokens (Authentication 1–2): a static token, or a `getAccessToken` the client calls
// for the first token and again, once, after a 401. Calls in flight share one token and one
// refresh: ten calls rejected together with the same expired token cause a single refresh,
// and each retries once with the new token.

/** What the client tells `getAccessToken` when it asks for a token. */
export interface AccessTokenContext {
  /** True when the previous token was rejected with 401: a cached token must not be returned. */
  forceRefresh: boolean;
}

/** Gives the client an access token: called for the first token and, once per 401, for a new one (Authentication 2). */
export type GetAccessToken = (context: AccessTokenContext) => string | Promise<string>;

export interface AccessTokenManager {
  /** Whether a 401 can be answered by getting a new token. */
  readonly refreshable: boolean;
  /** The token to send: the cached one, or the first one obtained (shared by concurrent callers). */
  current(): Promise<string>;
  /** The token already obtained, if any, without waiting (saves a turn of the event loop per call). */
  peek(): string | undefined;
  /** A new token after `rejected` got a 401; one refresh is shared by every caller that saw `rejected`. */
  refresh(rejected: string): Promise<string>;
}

export function staticAccessToken(token: string): AccessTokenManager {
  const resolved = Promise.resolve(token);
  return { refreshable: false, current: () => resolved, peek: () => token, refresh: () => resolved };
}

export function refreshingAccessToken(getAccessToken: GetAccessToken): AccessTokenManager {
  let current: Promise<string> | undefined;
  let currentValue: string | undefined;
  let refreshing: { rejected: string; promise: Promise<string> } | undefined;

  const obtain = (forceRefresh: boolean): Promise<string> => {
    const promise = Promise.resolve().then(() => getAccessToken({ forceRefresh }));
    current = promise;
    promise.then(
      (value) => {
        if (current === promise) currentValue = value;
      },
      // A failed fetch is not kept: the next call asks again.
      () => {
        if (current === promise) current = currentValue = undefined;
      },
    );
    return promise;
  };

  return {
    refreshable: true,
    current: () => current ?? obtain(false),
    peek: () => currentValue,
    refresh(rejected) {
      // Another call already replaced the rejected token: use the new one.
      if (currentValue !== undefined && currentValue !== rejected) return Promise.resolve(currentValue);
      if (refreshing?.rejected === rejected) return refreshing.promise;
      const promise = obtain(true);
      const entry = { rejected, promise };
      refreshing = entry;
      const settle = () => {
        if (refreshing === entry) refreshing = undefined;
      };
      promise.then(settle, settle);
      return promise;
    },
  };
}
