// Which outcomes an idempotency key keeps (docs/decisions.md#idempotency-keys), for every status of the catalogue.
import { catalogue } from "@signing-platform/types";
import { describe, expect, it } from "vitest";
import { isStoredOutcome } from "../../src/idempotency/outcome.js";

const want: Record<number, boolean> = {
  200: true,
  201: true,
  202: true,
  204: true,
  304: false,
  400: true, // only an error the operation produced: schema failures are refused before the key is claimed
  401: false,
  403: false,
  404: true,
  408: true,
  409: true,
  410: true,
  413: false,
  414: false,
  431: false,
  415: false,
  422: true,
  429: false,
  500: false,
  502: false,
  503: false,
  504: false,
};

describe("isStoredOutcome", () => {
  it.each(catalogue.statuses.map((entry) => [entry.status, want[entry.status]] as const))("%i → %s", (status, stored) => {
    expect(stored).toBeDefined();
    expect(isStoredOutcome(status)).toBe(stored);
  });
});
