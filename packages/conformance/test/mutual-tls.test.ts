// A run over mutual TLS, as against a server that authenticates clients by certificate: the
// server package's fixture service on HTTPS with a private CA, credentials by client
// certificate alone. The checks pass with the certificate; without it (the requests the
// unauthenticated check sends) the server answers 401.
import { afterAll, beforeAll, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import YAML from "yaml";
import { makeTestPki, type TestPki } from "../../../test/support/certificates.js";
import { staticCredentialResolver } from "../../server/src/index.js";
import { fixtureApp, principals } from "../../server/test/support/fixture-app.js";
import { listen, type Running } from "../../server/test/support/http.js";
import { runConformance } from "../src/index.js";

const document = YAML.parse(readFileSync(fileURLToPath(new URL("../../../generated/openapi.yaml", import.meta.url)), "utf8"));
let pki: TestPki;
let server: Running;

beforeAll(async () => {
  pki = makeTestPki();
  const { app } = fixtureApp({
    https: { key: pki.server.key, cert: pki.server.cert, ca: [pki.ca], requestCert: true, rejectUnauthorized: false },
    authentication: {
      resolver: staticCredentialResolver({ certificates: { [pki.clientA.fingerprint256]: { principal: principals.a } } }),
    },
  });
  server = await listen(app);
});
afterAll(() => server?.close());

it("checks a server that takes client certificates, trusting its private CA", async () => {
  const report = await runConformance({
    baseUrl: server.url,
    document,
    clientCertificate: { cert: pki.clientA.cert, key: pki.clientA.key },
    ca: pki.ca,
    seed: 1,
    only: ["unauthenticated", "entity-tag", "not-modified", "page-walk", "idempotent-replay", "request-id", "error-body"],
  });
  expect(server.url).toMatch(/^https:/);
  // The certificate read is tested; the signing request read, which no list gives an id for, is the skip.
  const untested = "not tested: no list or create operation gives an id for GET /v1/signing-requests/{id} (pass one with --id)";
  expect(
    report.results.map((result) => [result.id, result.outcome.status === "skip" ? result.outcome.reason : result.outcome.status]),
  ).toEqual(
    expect.arrayContaining([
      ["unauthenticated", "pass"],
      ["entity-tag", untested],
      ["not-modified", untested],
      ["page-walk", "pass"],
      ["idempotent-replay", "pass"],
      ["request-id", "pass"],
      ["error-body", "pass"],
    ]),
  );
});

it("cannot reach a server whose certificate it does not trust", async () => {
  await expect(
    runConformance({
      baseUrl: server.url,
      document,
      clientCertificate: { cert: pki.clientA.cert, key: pki.clientA.key },
      only: ["request-id"],
    }),
  ).rejects.toThrow(/cannot be reached/);
});
