// Values that are there now or later. A store or resolver in process memory answers
// synchronously; one over the network answers with a promise. Hooks take either through
// `whenSettled`, so the in-process path allocates no promise per request. This trades
// clarity for speed on purpose: `npm run bench -- server` shows the idempotent POST clearing
// its goal (≥ 0.5× a bare Fastify route) by only 2–3 points.

export type MaybePromise<T> = T | Promise<T>;

/** Calls `onValue` with the value of `run()` — at once, or when its promise settles — or `onError` with what it threw or rejected with. */
export function whenSettled<T>(run: () => MaybePromise<T>, onValue: (value: T) => void, onError: (error: unknown) => void): void {
  let result: MaybePromise<T>;
  try {
    result = run();
  } catch (error) {
    onError(error);
    return;
  }
  if (result instanceof Promise) result.then(onValue, onError);
  else onValue(result);
}
