// Mutual TLS through the `/node` entry (Authentication 1), against a real TLS server on
// loopback that requires a client certificate signed by its CA.
import { createServer, type Server } from "node:https";
import type { TLSSocket } from "node:tls";
import type { AddressInfo } from "node:net";
import { Agent, fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConnectionError, createClient, createMutualTlsFetch } from "../../src/node/index.js";
import { makeTestPki, type TestPki } from "../../../../test/support/certificates.js";

let certificates: TestPki;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  certificates = makeTestPki();
  server = createServer(
    { ...certificates.server, ca: certificates.ca, requestCert: true, rejectUnauthorized: true },
    (request, response) => {
      const peer = (request.socket as TLSSocket).getPeerCertificate();
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ id: "cert_1", presented: peer.subject?.CN, authorization: request.headers.authorization }));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("mutual TLS", () => {
  // @trace presents-the-client-certificate-with-the-token
  it("presents the client certificate, with the token, through createClient({ tls })", async () => {
    const client = createClient({ baseUrl, accessToken: "token-1", tls: { ...certificates.clientA, ca: certificates.ca } });
    const result = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    expect(result.error).toBeUndefined();
    expect(result.data).toMatchObject({ id: "cert_1", presented: "Application A", authorization: "Bearer token-1" });
  });

  it("works with a certificate alone, as Uint8Array", async () => {
    const fetch = createMutualTlsFetch({
      cert: new TextEncoder().encode(certificates.clientA.cert),
      key: new TextEncoder().encode(certificates.clientA.key),
      ca: [certificates.ca],
    });
    const client = createClient({ baseUrl, fetch });
    const result = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    expect(result.data).toEqual({ id: "cert_1", presented: "Application A" });
    await fetch.close();
  });

  it("is refused by the server without a client certificate: a ConnectionError", async () => {
    const agent = new Agent({ connect: { ca: certificates.ca } });
    const fetch = ((url: string, init: RequestInit) => undiciFetch(url, { ...(init as object), dispatcher: agent })) as never;
    const client = createClient({ baseUrl, accessToken: "token-1", fetch, retry: { maxRetries: 0 } });
    const result = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    expect(result.error).toBeInstanceOf(ConnectionError);
    await agent.close();
  });

  it("refuses tls together with fetch", () => {
    expect(() => createClient({ baseUrl, tls: certificates.clientA, fetch: undiciFetch as never })).toThrow(/not both/);
  });
});
