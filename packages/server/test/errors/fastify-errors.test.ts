// Errors Fastify raises before a handler runs, mapped to the error codes of the catalogue.
import { describe, expect, it } from "vitest";
import { ApiErrorResponse } from "../../src/index.js";
import { toApiErrorResponse } from "../../src/errors/fastify-errors.js";

const fastifyError = (code: string, statusCode: number, message = "whatever") => Object.assign(new Error(message), { code, statusCode });

describe("toApiErrorResponse", () => {
  it.each([
    ["invalid JSON", fastifyError("FST_ERR_CTP_INVALID_JSON_BODY", 400), 400, "bad_request"],
    ["an empty JSON body", fastifyError("FST_ERR_CTP_EMPTY_JSON_BODY", 400), 400, "bad_request"],
    ["a body over the limit", fastifyError("FST_ERR_CTP_BODY_TOO_LARGE", 413), 413, "payload_too_large"],
    ["an unsupported media type", fastifyError("FST_ERR_CTP_INVALID_MEDIA_TYPE", 415), 415, "unsupported_media_type"],
    ["a wrong Content-Length", fastifyError("FST_ERR_CTP_INVALID_CONTENT_LENGTH", 400), 400, "bad_request"],
    ["a malformed URL", fastifyError("FST_ERR_BAD_URL", 400), 400, "bad_request"],
    ["a parameter over the router's limit", fastifyError("FST_ERR_MAX_PARAM_LENGTH", 414), 414, "uri_too_long"],
    ["an unknown Fastify 413", fastifyError("FST_ERR_SOMETHING_NEW", 413), 413, "payload_too_large"],
    ["an unknown Fastify 4xx", fastifyError("FST_ERR_SOMETHING_NEW", 422), 400, "bad_request"],
    ["a TypeError", new TypeError("cannot read x of undefined"), 500, "internal_error"],
    ["a thrown string", "boom", 500, "internal_error"],
    ["undefined", undefined, 500, "internal_error"],
  ])("maps %s", (_name, thrown, status, code) => {
    const error = toApiErrorResponse(thrown);
    expect([error.status, error.code]).toEqual([status, code]);
  });

  it("never reuses the message of what it maps: a JSON error quotes the body", () => {
    const error = toApiErrorResponse(fastifyError("FST_ERR_CTP_INVALID_JSON_BODY", 400, `Unexpected token in "{"passport":"X1234567"`));
    expect(error.message).not.toContain("X1234567");
    expect(toApiErrorResponse(new Error("password=hunter2")).message).toBe("An unexpected error occurred.");
  });

  it("passes an ApiErrorResponse through", () => {
    const error = new ApiErrorResponse("conflict");
    expect(toApiErrorResponse(error)).toBe(error);
  });
});
