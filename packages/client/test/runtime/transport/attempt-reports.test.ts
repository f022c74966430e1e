// What the hooks are told of each attempt: never a credential (Authentication; hooks.ts), and
// nothing at all, not even the clock, for a hook that is not set.
import { describe, expect, it, vi } from "vitest";
import { HTTP_CONVENTIONS } from "../../../src/runtime/api-description.js";
import type { Authorization } from "../../../src/runtime/auth/authorize-request.js";
import type { RequestHookEvent } from "../../../src/runtime/hooks.js";
import { attemptReports, redactedHeaders } from "../../../src/runtime/transport/attempt-reports.js";
import type { AttemptCredentials } from "../../../src/runtime/transport/attempt-credentials.js";
import { preparedRequest } from "./support.js";

const operation = (headers: Record<string, string>, cookies: Array<[string, string]> = []): Authorization => ({
  headers,
  query: [],
  cookies,
  fetch: undefined,
  refreshable: false,
  refresh: async () => {},
});

describe("redactedHeaders", () => {
  it.each<[string, { headers: Record<string, string>; carried: AttemptCredentials; want: Record<string, string> }]>([
    [
      "no credential: the headers as sent",
      {
        headers: { accept: "application/json" },
        carried: { token: undefined, authorization: undefined },
        want: { accept: "application/json" },
      },
    ],
    [
      "the access token",
      {
        headers: { accept: "application/json", authorization: "Bearer t" },
        carried: { token: "t", authorization: undefined },
        want: { accept: "application/json", authorization: "[redacted]" },
      },
    ],
    [
      "the operation's API key and cookies, the caller's cookies with them",
      {
        headers: { "x-api-key": "k", cookie: "theme=dark; session=s" },
        carried: { token: undefined, authorization: operation({ "x-api-key": "k" }, [["session", "s"]]) },
        want: { "x-api-key": "[redacted]", cookie: "[redacted]" },
      },
    ],
  ])("redacts %s", (_name, { headers, carried, want }) => {
    const redacted = redactedHeaders(headers, carried);
    expect(redacted).toEqual(want);
    expect(redacted).not.toBe(headers);
  });
});

describe("attemptReports", () => {
  it("tells onRequest of an attempt with its credentials redacted, and reads no clock without onResponse", () => {
    const events: RequestHookEvent[] = [];
    const now = vi.fn(() => 5);
    const reports = attemptReports({ onRequest: (event) => events.push(event) }, now, HTTP_CONVENTIONS);
    const sentAt = reports.sending(preparedRequest(), 1, { authorization: "Bearer t" }, { token: "t", authorization: undefined });
    expect(sentAt).toBe(0);
    expect(now).not.toHaveBeenCalled();
    expect(events).toEqual([
      {
        method: "GET",
        path: "/certificates/{id}",
        url: "https://api.example.test/certificates/cert_1",
        attempt: 1,
        headers: { authorization: "[redacted]" },
      },
    ]);
  });

  it("tells onResponse how long the attempt took, with its status and request id", () => {
    const onResponse = vi.fn();
    let clock = 100;
    const reports = attemptReports({ onResponse }, () => clock, HTTP_CONVENTIONS);
    const sentAt = reports.sending(preparedRequest(), 2, {}, { token: undefined, authorization: undefined });
    clock = 130;
    const response = new Response("{}", { status: 503, headers: { "request-id": "req_9" } });
    reports.answered(preparedRequest(), 2, { kind: "response", response, text: "{}" }, sentAt);
    expect(onResponse).toHaveBeenCalledWith(expect.objectContaining({ attempt: 2, status: 503, requestId: "req_9", durationMs: 30 }));
    expect(onResponse.mock.calls[0]![0]).not.toHaveProperty("body");
  });

  it("warns of an unknown error code on the console without onUnknownErrorCode", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      attemptReports({}, () => 0, HTTP_CONVENTIONS).unknownErrorCode({
        code: "brand_new",
        status: 400,
        requestId: "req_1",
        method: "GET",
        path: "/x",
      });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('Unknown error code "brand_new"'));
    } finally {
      warn.mockRestore();
    }
  });
});
