// One attempt on the wire: the query's API keys after the request's own query, the fetch of
// the operation's credentials when it has one, a network error as a value, the call's own
// signal as the only way out.
import { describe, expect, it, vi } from "vitest";
import { HTTP_CONVENTIONS } from "../../../src/runtime/api-description.js";
import type { Authorization } from "../../../src/runtime/auth/authorize-request.js";
import type { FetchLike } from "../../../src/runtime/fetch-like.js";
import { attemptOutcome, receive, withQuery } from "../../../src/runtime/transport/receive.js";
import { preparedRequest } from "./support.js";

describe("withQuery", () => {
  it.each<[string, { url: string; query: Array<[string, string]>; want: string }]>([
    ["no key: the URL as it is", { url: "https://x.test/a?b=1", query: [], want: "https://x.test/a?b=1" }],
    ["a key, no query yet", { url: "https://x.test/a", query: [["api_key", "k 1"]], want: "https://x.test/a?api_key=k%201" }],
    [
      "a key after the request's own query",
      { url: "https://x.test/a?b=1", query: [["api_key", "k&2"]], want: "https://x.test/a?b=1&api_key=k%262" },
    ],
  ])("%s", (_name, { url, query, want }) => {
    expect(withQuery(url, query)).toBe(want);
  });
});

describe("receive", () => {
  it("reads the whole answer", async () => {
    const send: FetchLike = async () => new Response('{"id":"cert_1"}', { status: 200 });
    const received = await receive(send, preparedRequest(), {}, undefined, undefined);
    expect(received).toMatchObject({ kind: "response", text: '{"id":"cert_1"}' });
  });

  it("sends through the fetch of the operation's credentials, with its query keys", async () => {
    const clientFetch = vi.fn<FetchLike>();
    const certificateFetch = vi.fn<FetchLike>(async () => new Response("", { status: 204 }));
    const authorization: Authorization = {
      headers: {},
      query: [["api_key", "k"]],
      cookies: [],
      fetch: certificateFetch,
      refreshable: false,
      refresh: async () => {},
    };
    await receive(clientFetch, preparedRequest(), { accept: "application/json" }, undefined, authorization);
    expect(clientFetch).not.toHaveBeenCalled();
    expect(certificateFetch).toHaveBeenCalledWith("https://api.example.test/certificates/cert_1?api_key=k", {
      method: "GET",
      headers: { accept: "application/json" },
      body: undefined,
    });
  });

  it("returns a network error as a value, for the retry decision", async () => {
    const reset = new TypeError("socket hang up");
    const received = await receive(async () => Promise.reject(reset), preparedRequest(), {}, undefined, undefined);
    expect(received).toEqual({ kind: "network-error", cause: reset });
    expect(attemptOutcome(received, HTTP_CONVENTIONS)).toEqual({ kind: "network-error" });
  });

  it("rejects with the reason of the call's signal once it aborts", async () => {
    const caller = new AbortController();
    caller.abort("cancelled");
    const send: FetchLike = async (_url, init) => Promise.reject(init.signal?.reason);
    await expect(receive(send, preparedRequest(), {}, caller.signal, undefined)).rejects.toBe("cancelled");
  });

  it("gives the retry decision the status and the Retry-After of an answer", async () => {
    const send: FetchLike = async () => new Response("", { status: 429, headers: { "retry-after": "3" } });
    const received = await receive(send, preparedRequest(), {}, undefined, undefined);
    expect(attemptOutcome(received, HTTP_CONVENTIONS)).toEqual({ kind: "response", status: 429, retryAfter: "3" });
  });
});
