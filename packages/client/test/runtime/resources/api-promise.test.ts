// APIPromise: awaited it gives the body or rejects with the ApiError; withResponse() gives
// the response and metadata too; a call nobody awaits never becomes an unhandled rejection.
import { describe, expect, it } from "vitest";
import { APIPromise, NotFoundError } from "../../../src/index.js";

const meta = { requestId: "req_1", rateLimit: undefined, etag: undefined, idempotencyKey: undefined, attempts: 1, fromCache: false };
const response = new Response(null, { status: 200 });

describe("APIPromise", () => {
  it("resolves to the data, and withResponse() to the data with its response and metadata", async () => {
    const call = new APIPromise<{ id: string }>(Promise.resolve({ data: { id: "cert_1" }, response, meta }));
    expect(await call).toEqual({ id: "cert_1" });
    expect(await call.withResponse()).toEqual({ data: { id: "cert_1" }, response, meta });
    expect(Object.prototype.toString.call(call)).toBe("[object APIPromise]");
  });

  it("rejects with the typed error of the result, for then, catch and finally alike", async () => {
    const error = new NotFoundError({ code: "not_found", status: 404, message: "No." });
    const call = new APIPromise(Promise.resolve({ error, response, meta }));
    await expect(call).rejects.toBe(error);
    expect(await call.catch((caught) => caught)).toBe(error);
    await expect(call.finally(() => {})).rejects.toBe(error);
    await expect(call.withResponse()).rejects.toBe(error);
  });

  it("leaves no unhandled rejection when the call is aborted and never awaited", async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", listener);
    new APIPromise(Promise.reject(new Error("aborted")));
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off("unhandledRejection", listener);
    expect(unhandled).toEqual([]);
  });
});
