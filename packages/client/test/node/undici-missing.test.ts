// undici is an optional peer dependency: only mutual TLS loads it, when it is first used.
// Where it is not installed, a client with `tls` is one error that says what to install, and a
// client without `tls` does not need it.
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
const { createClient, createMutualTlsFetch } = await import("../../src/node/index.js");

describe("without undici installed", () => {
  it("mutual TLS says to install it", () => {
    expect(() => createMutualTlsFetch({ cert: "cert", key: "key" })).toThrow(/needs undici.*`npm install undici`/);
    expect(() => createClient({ baseUrl: "https://api.example.test", tls: { cert: "cert", key: "key" } })).toThrow(/`npm install undici`/);
  });

  it("a client without tls does not need it", () => {
    expect(typeof createClient({ baseUrl: "https://api.example.test" }).GET).toBe("function");
  });
});
