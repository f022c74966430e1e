// A prepared request as prepare-request.ts makes one, for the tests of the transport's parts.
import type { PreparedRequest } from "../../../src/runtime/prepare-request.js";

export function preparedRequest(overrides: Partial<PreparedRequest> = {}): PreparedRequest {
  return {
    method: "GET",
    path: "/certificates/{id}",
    url: "https://api.example.test/certificates/cert_1",
    headers: { accept: "application/json" },
    body: undefined,
    idempotencyKey: undefined,
    signal: undefined,
    timeoutMs: undefined,
    replayable: true,
    ...overrides,
  };
}
