// Each status and code gives its family; unknown codes the base class; the error body's
// fields come through; any bytes from the network give an ApiError, never a throw.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { errorCatalogue, headerNames, statusForCode } from "@signing-platform/types";
import {
  ApiError,
  HTTP_CONVENTIONS,
  AuthenticationError,
  ConflictError,
  GoneError,
  InvalidResponseError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  ValidationError,
} from "../../../src/runtime/index.js";
import { errorFromResponse } from "../../../src/runtime/errors/error-from-response.js";
import { api } from "../../../src/generated/api.js";

const nowMs = Date.parse("2026-11-21T10:00:00Z");
const body = (code: string, message = "Something.", details: unknown[] = []) =>
  JSON.stringify({ error: { code, message, request_id: "req_1", details } });
const headers = (extra: Record<string, string> = {}) => new Headers({ [headerNames.request_id]: "req_header", ...extra });

describe("errorFromResponse", () => {
  it.each([
    ["unauthenticated", 401, AuthenticationError],
    ["credential_binding_mismatch", 401, AuthenticationError],
    ["capability_not_granted", 403, PermissionError],
    ["not_found", 404, NotFoundError],
    ["enrollment_not_found", 404, NotFoundError],
    ["conflict", 409, ConflictError],
    ["idempotency_key_reused", 409, ConflictError],
    ["delivery_expired", 410, GoneError],
    ["bad_request", 400, ValidationError],
    ["policy_rejected", 422, ValidationError],
    ["payload_too_large", 413, ValidationError],
    ["unsupported_media_type", 415, ValidationError],
    ["predecessor_revoked", 422, ValidationError],
    ["rate_limited", 429, RateLimitError],
    ["internal_error", 500, ServerError],
    ["service_unavailable", 503, ServerError],
  ])("%s (%i) is a %s", (code, status, ErrorClass) => {
    const { error, unknownCode } = errorFromResponse({ status, headers: headers(), text: body(code), nowMs }, api.conventions);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error.constructor).toBe(ErrorClass);
    expect(error).toMatchObject({ code, status, requestId: "req_1", message: "Something." });
    expect(unknownCode).toBeUndefined();
  });

  it("maps every code of the catalogue to a family, never to the base class", () => {
    for (const entry of errorCatalogue) {
      const status = statusForCode(entry.code);
      const { error } = errorFromResponse({ status: status!, headers: headers(), text: body(entry.code), nowMs }, api.conventions);
      expect(error.constructor, entry.code).not.toBe(ApiError);
    }
  });

  it("keeps the details and the retry class of the status", () => {
    const details = [{ field: "$.identity_evidence.issuing_office", code: "required", message: "Missing." }, { nonsense: true }];
    const { error } = errorFromResponse(
      { status: 400, headers: headers(), text: body("enrollment_identity_incomplete", "Incomplete.", details), nowMs },
      api.conventions,
    );
    expect(error.details).toEqual([details[0]]);
    expect(error.retryable).toBe(false);
  });

  it("reads Retry-After into retryAfter, in seconds", () => {
    const { error } = errorFromResponse(
      { status: 429, headers: headers({ [headerNames.retry_after]: "17" }), text: body("rate_limited"), nowMs },
      api.conventions,
    );
    expect(error).toMatchObject({ retryAfter: 17, retryable: true });
  });

  it("gives an unknown code the base class and names it", () => {
    const { error, unknownCode } = errorFromResponse(
      { status: 404, headers: headers(), text: body("tomorrow_code"), nowMs },
      api.conventions,
    );
    expect(error.constructor).toBe(ApiError);
    expect(unknownCode).toBe("tomorrow_code");
  });

  it.each([
    ["the code's identifier", "explanation_window_still_open: wait for the subscriber.", "explanation_window_still_open"],
    ["the code as words", "Explanation window required before suspension.", "explanation_window_required"],
    ["another ground", "The suspension ground is not in the Act.", "policy_rejected"],
  ])("reads a policy_rejected whose message names %s", (_name, message, want) => {
    const { error } = errorFromResponse(
      { status: 422, headers: headers(), text: body("policy_rejected", message), nowMs },
      api.conventions,
    );
    expect(error.code).toBe(want);
    expect(error.is("policy_rejected")).toBe(true);
  });

  it.each([
    ["HTML", "<html>Bad gateway</html>"],
    ["empty", ""],
    ["JSON without error", '{"message":"x"}'],
    ["an error without code", '{"error":{"message":"x"}}'],
  ])("gives an InvalidResponseError for a body that is %s, with the header's request id", (_name, text) => {
    const { error } = errorFromResponse({ status: 502, headers: headers(), text, nowMs }, api.conventions);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ code: "invalid_response", status: 502, requestId: "req_header", retryable: true });
  });

  it("gives an ApiError for any status and any body, never a throw", () => {
    const jsonish = fc.oneof(
      fc.string(),
      fc.json(),
      fc
        .record({
          error: fc.record(
            {
              code: fc.oneof(fc.string(), fc.constantFrom(...errorCatalogue.map((entry) => entry.code))),
              message: fc.string(),
              details: fc.anything(),
            },
            { requiredKeys: [] },
          ),
        })
        .map((value) => JSON.stringify(value)),
    );
    fc.assert(
      fc.property(fc.integer({ min: 300, max: 599 }), jsonish, fc.option(fc.string(), { nil: undefined }), (status, text, retryAfter) => {
        const { error } = errorFromResponse(
          {
            status,
            headers: headers(retryAfter === undefined ? {} : { [headerNames.retry_after]: retryAfter.replace(/[^\x20-\x7e]/g, "") }),
            text,
            nowMs,
          },
          api.conventions,
        );
        expect(error).toBeInstanceOf(ApiError);
        expect(error.status).toBe(status);
        expect(typeof error.code).toBe("string");
        expect(Array.isArray(error.details)).toBe(true);
      }),
    );
  });
});

describe("errorFromResponse, for an API without an error catalogue", () => {
  const plain = HTTP_CONVENTIONS;

  it("types any answer of 400 or more by its status, keeps its body, and never throws", () => {
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 599 }), fc.oneof(fc.string(), fc.json()), (status, text) => {
        const { error, unknownCode } = errorFromResponse({ status, headers: new Headers(), text, nowMs: 0 }, plain);
        expect(error).toBeInstanceOf(ApiError);
        expect(error.status).toBe(status);
        if (status >= 500) expect(error).toBeInstanceOf(ServerError);
        expect(typeof error.code).toBe("string");
        expect(error.message.length).toBeGreaterThan(0);
        expect(unknownCode).toBeUndefined();
      }),
    );
  });

  it("reads the usual fields: a problem+json title, a code and message, an error envelope", () => {
    const read = (body: unknown) =>
      errorFromResponse({ status: 409, headers: new Headers({ "x-request-id": "r-1" }), text: JSON.stringify(body), nowMs: 0 }, plain)
        .error;
    expect(read({ type: "https://example.com/conflict", title: "Already booked", status: 409 })).toMatchObject({
      code: "https://example.com/conflict",
      message: "Already booked",
      requestId: "r-1",
    });
    expect(read({ code: 7, message: "No." })).toMatchObject({ code: "7", message: "No." });
    expect(read({ error: { code: "taken", message: "Taken." } })).toMatchObject({
      code: "taken",
      message: "Taken.",
      name: "ConflictError",
    });
  });
});
