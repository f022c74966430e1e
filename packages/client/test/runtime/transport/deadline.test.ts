// A call's overall deadline and the caller's signal (docs/decisions.md#client-retries): a
// deadline that passes is a result, deadline_exceeded; a caller that cancels gets its reason.
import { describe, expect, it, vi } from "vitest";
import type { ConnectionError } from "../../../src/runtime/errors/error-families.js";
import { withDeadline } from "../../../src/runtime/transport/deadline.js";
import { preparedRequest } from "./support.js";

/** A call that never ends unless its signal aborts it. */
const hanging = (signal: AbortSignal | undefined) =>
  new Promise<string>((_resolve, reject) => signal?.addEventListener("abort", () => reject(signal.reason), { once: true }));
const timedOut = (error: ConnectionError) => `timed out: ${error.code}: ${error.message}`;

describe("withDeadline", () => {
  it("without timeoutMs, runs the call with the caller's own signal and no deadline", async () => {
    const caller = new AbortController();
    const call = vi.fn(async () => "done");
    expect(await withDeadline(preparedRequest({ signal: caller.signal }), () => 0, call, timedOut)).toBe("done");
    expect(call).toHaveBeenCalledWith(caller.signal, Number.POSITIVE_INFINITY);
  });

  it("gives the call the time it must end by", async () => {
    const call = async (_signal: AbortSignal | undefined, deadline: number) => `ends by ${deadline}`;
    expect(await withDeadline(preparedRequest({ timeoutMs: 50 }), () => 1_000, call, timedOut)).toBe("ends by 1050");
  });

  it("ends a call past its deadline with the result of timedOut, naming the call", async () => {
    const result = await withDeadline(preparedRequest({ timeoutMs: 10 }), Date.now, hanging, timedOut);
    expect(result).toBe("timed out: deadline_exceeded: GET /certificates/{id} did not complete within 10 ms.");
  });

  it.each([
    ["without a deadline", undefined],
    ["with a deadline", 60_000],
  ])("rejects with the caller's reason when the caller cancels, %s", async (_name, timeoutMs) => {
    const caller = new AbortController();
    const running = withDeadline(preparedRequest({ signal: caller.signal, timeoutMs }), Date.now, hanging, timedOut);
    caller.abort("changed my mind");
    await expect(running).rejects.toBe("changed my mind");
  });

  it("does not start a call whose signal is already aborted", async () => {
    const caller = new AbortController();
    caller.abort("too late");
    const call = vi.fn(async () => "done");
    await expect(withDeadline(preparedRequest({ signal: caller.signal }), Date.now, call, timedOut)).rejects.toBe("too late");
    expect(call).not.toHaveBeenCalled();
  });
});
