// The authentication decision (Authentication 1–2), table-driven over the resolver's answers.
import { describe, expect, it } from "vitest";
import { staticCredentialResolver, type ClientCertificate } from "../../src/index.js";
import { authenticate } from "../../src/auth/authenticate.js";
import type { PresentedCertificate, PresentedToken } from "../../src/auth/credentials.js";

const appOne = { applicationId: "app_1", organizationId: "org_1", capabilities: [] };
const appTwo = { applicationId: "app_2", organizationId: "org_1", capabilities: [] };
const certificate = (fingerprint256: string): ClientCertificate => ({
  fingerprint256,
  subject: { CN: "client" },
  issuer: { CN: "CA" },
  serialNumber: "01",
  validFrom: "",
  validTo: "",
  raw: new Uint8Array(),
});
const resolver = staticCredentialResolver({
  tokens: { one: { principal: appOne }, two: { principal: appTwo }, old: { principal: appOne, expiresAt: 0 } },
  certificates: { "AA:BB": { principal: appOne }, "cc:dd": { principal: appTwo } },
});

const none = { kind: "none" } as const;
const token = (value: string): PresentedToken => ({ kind: "token", token: value });
const cert = (fingerprint: string): PresentedCertificate => ({ kind: "certificate", certificate: certificate(fingerprint) });

describe("authenticate", () => {
  it.each([
    ["a known token", token("one"), none, "app_1"],
    ["a known certificate", none, cert("aabb"), "app_1"],
    ["a token and a certificate of one application", token("two"), cert("CC:DD"), "app_2"],
    ["nothing", none, none, "unauthenticated"],
    ["a malformed Authorization header", { kind: "malformed" } as const, none, "unauthenticated"],
    ["an unknown token", token("nope"), none, "unauthenticated"],
    ["an expired token", token("old"), none, "unauthenticated"],
    ["an unknown certificate", none, cert("EE:FF"), "unauthenticated"],
    ["a certificate TLS did not verify", none, { kind: "unverified" } as const, "unauthenticated"],
    ["a good token on a connection with an unverified certificate", token("one"), { kind: "unverified" } as const, "unauthenticated"],
    ["a good certificate and an unknown token", token("nope"), cert("AA:BB"), "unauthenticated"],
    ["a token and a certificate of two applications", token("one"), cert("CC:DD"), "credential_binding_mismatch"],
  ])("%s → %s", async (_name, presentedToken, presentedCertificate, want) => {
    const outcome = await authenticate(presentedToken, presentedCertificate, resolver);
    expect(outcome.ok ? outcome.principal.applicationId : outcome.error.code).toBe(want);
    if (!outcome.ok) expect(outcome.error.status).toBe(401);
  });

  it("answers missing, invalid and expired credentials with one message", async () => {
    const messages = await Promise.all(
      [token("nope"), token("old"), { kind: "malformed" } as const, none].map(async (presented) => {
        const outcome = await authenticate(presented, none, resolver);
        return outcome.ok ? "" : outcome.error.message;
      }),
    );
    expect(new Set(messages).size).toBe(1);
  });

  it("words the refusal of a token as the resolver asks, and only that refusal", async () => {
    const worded = { ...resolver, refusedAccessTokenMessage: () => "This server started afresh." };
    const message = async (presented: PresentedToken, presentedCertificate: PresentedCertificate = none) => {
      const outcome = await authenticate(presented, presentedCertificate, worded);
      return outcome.ok ? "" : outcome.error.message;
    };
    expect(await message(token("nope"))).toBe("This server started afresh.");
    expect(await message(token("old"))).toBe("This server started afresh.");
    expect(await message(none)).toBe("Credentials are missing, invalid or expired.");
    expect(await message({ kind: "malformed" })).toBe("Credentials are missing, invalid or expired.");
    expect(await message(none, cert("EE:FF"))).toBe("Credentials are missing, invalid or expired.");
  });

  it("refuses a kind of credential the resolver does not support", async () => {
    const tokenOnly = { resolveAccessToken: () => appOne };
    expect((await authenticate(none, cert("AA:BB"), tokenOnly)).ok).toBe(false);
    expect((await authenticate(token("x"), none, tokenOnly)).ok).toBe(true);
  });
});
