// Mutual TLS (Authentication 1–2) with a real TLS server and certificates made in the test:
// a client certificate alone, with a token of the same application, with a token of
// another (401 credential_binding_mismatch), untrusted, expired or unknown (401).
import { Agent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, staticCredentialResolver } from "../../src/index.js";
import { makeTestPki, type KeyPair, type TestPki } from "../../../../test/support/certificates.js";
import { CURSOR_SECRET, principals, tokens } from "../support/fixture-app.js";
import { call, expectError, expectStandardHeaders, listen, type Running } from "../support/http.js";

let pki: TestPki;
let server: Running;
const agents: Agent[] = [];

const agent = (client?: KeyPair) => {
  const created = new Agent({ connect: { ca: pki.ca, ...(client && { cert: client.cert, key: client.key }) } });
  agents.push(created);
  return created;
};

beforeAll(async () => {
  pki = makeTestPki();
  const app = createApp({
    cursorSecret: CURSOR_SECRET,
    checkResponses: true,
    https: { key: pki.server.key, cert: pki.server.cert, ca: [pki.ca], requestCert: true, rejectUnauthorized: false },
    authentication: {
      resolver: staticCredentialResolver({
        tokens: {
          [tokens.a]: { principal: principals.a },
          [tokens.a2]: { principal: principals.a2 },
          [tokens.b]: { principal: principals.b },
        },
        certificates: {
          [pki.clientA.fingerprint256]: { principal: principals.a },
          [pki.expired.fingerprint256]: { principal: principals.a },
          [pki.untrusted.fingerprint256]: { principal: principals.a },
        },
      }),
    },
    handlers: {
      getSigningRequest: (_request, { principal }) => ({
        status: 200,
        body: { id: "sr_1", object: "signing_request", status: "completed", client_secret: principal.applicationId, documents: [] },
      }),
    },
  });
  server = await listen(app);
});
afterAll(async () => {
  await Promise.all(agents.map((created) => created.close()));
  await server?.close();
});

const read = (client: KeyPair | undefined, token: string | null) =>
  call(`${server.url}/v1/signing-requests/sr_1`, { token, dispatcher: agent(client) });

describe("mutual TLS", () => {
  it("serves HTTPS on loopback", () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  });

  it.each([
    ["a client certificate alone", () => pki.clientA, null],
    ["a client certificate and a token of the same application", () => pki.clientA, tokens.a],
    ["a token alone, over TLS", () => undefined, tokens.b],
  ])("accepts %s", async (_name, client, token) => {
    const answer = await read(client(), token);
    expect(answer.status).toBe(200);
    expectStandardHeaders(answer);
    expect(answer.json.client_secret).toBe(token === tokens.b ? "app_b" : "app_a");
  });

  // @trace answers-a-token-and-a-certificate-of-two-applica
  it("answers a token and a certificate of two applications 401 credential_binding_mismatch", async () => {
    expectError(await read(pki.clientA, tokens.b), 401, "credential_binding_mismatch");
    // Same organization, another application: still a mismatch (the binding is to the application).
    expectError(await read(pki.clientA, tokens.a2), 401, "credential_binding_mismatch");
  });

  it.each([
    ["a self-signed certificate no one trusts", () => pki.untrusted],
    ["an expired certificate", () => pki.expired],
    ["a valid certificate the resolver does not know", () => pki.clientB],
    ["no certificate and no token", () => undefined],
  ])("answers %s 401 unauthenticated", async (_name, client) => {
    expectError(await read(client(), null), 401, "unauthenticated");
  });

  it("does not let a good token through on a connection with an untrusted certificate", async () => {
    expectError(await read(pki.untrusted, tokens.a), 401, "unauthenticated");
  });
});
