import { describe, expect, it, vi } from "vitest";
import { refreshingAccessToken } from "../../../src/runtime/auth/access-token.js";

describe("refreshingAccessToken (Authentication 2)", () => {
  it("asks once for the first token, however many calls want it", async () => {
    const getAccessToken = vi.fn(async () => "token-1");
    const tokens = refreshingAccessToken(getAccessToken);
    expect(await Promise.all([tokens.current(), tokens.current(), tokens.current()])).toEqual(["token-1", "token-1", "token-1"]);
    expect(getAccessToken).toHaveBeenCalledTimes(1);
  });

  it("shares one refresh between the callers whose token was rejected", async () => {
    let issued = 0;
    const getAccessToken = vi.fn(async (_context: { forceRefresh: boolean }) => `token-${++issued}`);
    const tokens = refreshingAccessToken(getAccessToken);
    const rejected = await tokens.current();
    const refreshed = await Promise.all([tokens.refresh(rejected), tokens.refresh(rejected), tokens.refresh(rejected)]);
    expect(refreshed).toEqual(["token-2", "token-2", "token-2"]);
    // A caller that learns of the 401 after the refresh finished gets the new token too.
    expect(await tokens.refresh(rejected)).toBe("token-2");
    expect(await tokens.current()).toBe("token-2");
    expect(getAccessToken.mock.calls.map(([context]) => context?.forceRefresh)).toEqual([false, true]);
  });

  it("asks again after a failure instead of keeping it", async () => {
    const getAccessToken = vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce("token-1");
    const tokens = refreshingAccessToken(getAccessToken);
    await expect(tokens.current()).rejects.toThrow("down");
    expect(await tokens.current()).toBe("token-1");
  });
});
