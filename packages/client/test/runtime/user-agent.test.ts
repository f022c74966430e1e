// The telemetry header: what it says on the runtime it runs on. That it is sent, and that a
// caller's own User-Agent replaces it, is held by the generator's runtime-parity table.
import { describe, expect, it } from "vitest";
import { userAgentOf } from "../../src/runtime/user-agent.js";

describe("userAgentOf", () => {
  it("names the SDK, its version and the Node.js it runs on", () => {
    expect(userAgentOf({ name: "@acme/signing-sdk", version: "1.2.0" })).toBe(`@acme/signing-sdk/1.2.0 (Node.js ${process.versions.node})`);
  });
});
