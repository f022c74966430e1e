// A call's overall deadline (`timeoutMs`: docs/decisions.md#client-retries) and the caller's
// signal: either one aborts the attempt in flight and the wait before the next. A deadline
// that passes is a ConnectionError result, `deadline_exceeded`, with the attempts made so far;
// a caller that cancels gets its own reason back, thrown.
import { ConnectionError } from "../errors/error-families.js";
import type { PreparedRequest } from "../prepare-request.js";

class DeadlineExceeded extends Error {}

/**
 * Runs `call` with the signal that ends it and the time it must end by; `timedOut` makes the
 * result of a call the deadline ended.
 */
export async function withDeadline<Result>(
  request: Pick<PreparedRequest, "method" | "path" | "signal" | "timeoutMs">,
  now: () => number,
  call: (signal: AbortSignal | undefined, deadline: number) => Promise<Result>,
  timedOut: (error: ConnectionError) => Result,
): Promise<Result> {
  const { signal: callerSignal, timeoutMs } = request;
  callerSignal?.throwIfAborted();
  // Without a deadline the caller's signal (if any) goes to fetch as it is: a signal that
  // fetch follows costs about 12 µs a request (`npm run bench -- client`), so none is made
  // when nothing can abort the call.
  if (timeoutMs === undefined) return call(callerSignal, Number.POSITIVE_INFINITY);

  const deadline = now() + timeoutMs;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlineExceeded()), timeoutMs);
  const onAbort = () => controller.abort(callerSignal!.reason);
  callerSignal?.addEventListener("abort", onAbort, { once: true });
  try {
    return await call(controller.signal, deadline);
  } catch (error) {
    if (callerSignal?.aborted) throw callerSignal.reason;
    if (error instanceof DeadlineExceeded) {
      return timedOut(
        new ConnectionError({
          code: "deadline_exceeded",
          message: `${request.method} ${request.path} did not complete within ${timeoutMs} ms.`,
        }),
      );
    }
    throw error;
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener("abort", onAbort);
  }
}
