// The conventions a document follows: each part from its own root extension when it has one,
// else from the platform's catalogue the reader is given; lists of the catalogue whole, limits
// and header names key by key. The platform here is the built one, generated/catalogue.json.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PlatformCatalogue, readConventions, statusOfCode } from "../src/conventions.js";
import { EXTENSIONS } from "../src/index.js";

const platform = JSON.parse(readFileSync(new URL("../../../generated/catalogue.json", import.meta.url), "utf8")) as PlatformCatalogue;
const teapot = { code: "teapot", status: 418 };

describe("readConventions", () => {
  it("reads the platform's catalogue for a document that states no conventions", () => {
    const conventions = readConventions({ openapi: "3.1.0" }, platform);
    expect(conventions.sources).toEqual({ catalogue: "package", limits: "package", headers: "package", webhookHeaders: "package" });
    expect(conventions.errors).toBe(platform.errors);
    expect(conventions.events).toEqual(platform.events.map((event) => event.type));
    expect(conventions.headers).toEqual(platform.headers);
    expect(conventions.webhookHeaders).toEqual(platform.webhook_headers);
    expect(conventions.retrySchedule).toEqual(platform.webhook_retry_schedule_seconds);
  });

  it("takes each list of the document's catalogue whole, and the platform's where the catalogue lacks one", () => {
    const conventions = readConventions({ [EXTENSIONS.catalogue]: { errors: [teapot], events: [] } }, platform);
    expect(conventions.sources.catalogue).toBe("document");
    expect(conventions.errors).toEqual([teapot]);
    expect(conventions.events).toEqual([]);
    expect(conventions.statuses).toBe(platform.statuses);
  });

  it("takes limits and header names key by key, the document's over the platform's", () => {
    const conventions = readConventions(
      {
        [EXTENSIONS.limits]: { page_size_maximum: 500, webhook_retry_schedule_seconds: [5] },
        [EXTENSIONS.headers]: { idempotency_key: "Idem-Key" },
      },
      platform,
    );
    expect(conventions.sources).toEqual({ catalogue: "package", limits: "document", headers: "document", webhookHeaders: "package" });
    expect(conventions.limits).toEqual({ ...platform.limits, page_size_maximum: 500, webhook_retry_schedule_seconds: [5] });
    expect(conventions.retrySchedule).toEqual([5]);
    expect(conventions.headers).toEqual({ ...platform.headers, idempotency_key: "Idem-Key" });
  });

  it("reads a document once per platform catalogue", () => {
    const document = { openapi: "3.1.0" };
    const other: PlatformCatalogue = { ...platform, errors: [teapot] };
    expect(readConventions(document, platform)).toBe(readConventions(document, platform));
    expect(readConventions(document, other).errors).toEqual([teapot]);
    expect(readConventions(document, platform).errors).toBe(platform.errors);
  });

  it("never throws, whatever the document is", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (document) => {
        expect(() => readConventions(document, platform)).not.toThrow();
      }),
    );
  });
});

describe("statusOfCode", () => {
  it.each([
    ["the catalogue's status", { given: { code: "not_found", status: 404 }, want: 404 }],
    [
      "the servers' status where the catalogue gives none",
      { given: { code: "predecessor_revoked", status: null, status_used_by_servers: 422 }, want: 422 },
    ],
    ["none where neither does", { given: { code: "unknown", status: null }, want: null }],
  ])("gives %s", (_name, { given, want }) => {
    expect(statusOfCode(given)).toBe(want);
  });
});
