// undici is an optional peer dependency: only the delivery engine's default transport loads
// it, when the transport is made. Where it is not installed, that is one error that says what
// to install, and an engine given a transport of its own does not need it.
import { afterAll, describe, expect, it, vi } from "vitest";

vi.mock("node:module", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:module")>();
  const missing = () => {
    throw Object.assign(new Error("Cannot find module 'undici'"), { code: "MODULE_NOT_FOUND" });
  };
  return { ...actual, createRequire: () => missing };
});

// The unit layer shares its module cache between files (vitest.config.ts): the modules under test
// are evaluated again here, with the mock, and dropped after, so that no other file gets them.
vi.resetModules();
afterAll(() => {
  vi.resetModules();
});
const { createUndiciTransport } = await import("../../src/delivery/transport.js");
const { createDeliveryEngine } = await import("../../src/delivery/delivery-engine.js");

describe("without undici installed", () => {
  it("the default transport says to install it", () => {
    expect(() => createUndiciTransport()).toThrow(/needs undici.*`npm install undici`/);
    expect(() => createDeliveryEngine()).toThrow(/`npm install undici`/);
  });

  it("an engine with a transport of its own does not need it", () => {
    const engine = createDeliveryEngine({ transport: async () => ({ status: 200, bodyExcerpt: "" }) });
    expect(typeof engine.publish).toBe("function");
  });
});
