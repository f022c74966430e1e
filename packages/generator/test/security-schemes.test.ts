// Every kind of OpenAPI security scheme, end to end in the TypeScript SDK: a document with one
// scheme of each kind (test/security/secured-document.ts) is generated, built with
// `tsc --strict` together with its README's Authenticate example, and called against a
// loopback server that records each call's Authorization, API key header, cookies and query,
// and answers as an OAuth 2.0 token endpoint that counts its requests.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer as createHttpsServer } from "node:https";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import type { TLSSocket } from "node:tls";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createMutualTlsFetch } from "@signing-platform/client/node";
import { Agent, fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeTestPki } from "../../../test/support/certificates.js";
import { generateSdk } from "../src/index.js";
import { securedDocument, startSecuredServer, type SecuredServer } from "./security/secured-document.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "security-schemes-"));
const dir = join(scratch, "secured-sdk");
let server: SecuredServer;
let built: ReturnType<typeof spawnSync>;
// The SDK, imported from what the test just built.
let sdkModule: any;

const SECRET = "client-s3cret";
const basicValue = `Basic ${Buffer.from("alice:pässwörd", "utf8").toString("base64")}`;

beforeAll(async () => {
  server = await startSecuredServer();
  await generateSdk({ input: "secured.yaml", document: securedDocument, outDir: dir, name: "secured-sdk" });
  // The README's Authenticate example, compiled with the SDK under --strict.
  const readme = readFileSync(join(dir, "README.md"), "utf8");
  // Its import names the installed package: here the SDK's own index.js stands for it.
  const example = /## Authenticate[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)![1]!.replace(/^import \{ createSdk \} from .*\n/m, "");
  writeFileSync(
    join(dir, "src", "readme-authenticate.ts"),
    `import { createSdk } from "./index.js";\ndeclare const process: { env: Record<string, string | undefined> };\n${example}\nexport { secured };\n`,
  );
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  built = spawnSync(process.execPath, [tsc, "-p", join(dir, "tsconfig.json"), "--strict"], { encoding: "utf8" });
  if (built.status === 0) sdkModule = await import(pathToFileURL(join(dir, "dist", "index.js")).href);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

beforeEach(() => {
  server.calls.length = 0;
  server.token.requests.length = 0;
  server.token.expiresIn = 3600;
  server.token.refuse = false;
  server.revoked.clear();
});

const RESOURCES = ["basic", "bearer", "hkey", "qkey", "ckey", "oauth", "authcode", "oidc", "mtls", "public", "either", "both", "fallback"];

function everyCredential(extra: Record<string, unknown> = {}) {
  let mutualTlsCalls = 0;
  const sdk = sdkModule.createSdk({
    baseUrl: server.url,
    basic: { username: "alice", password: "pässwörd" },
    bearer: "bearer-token",
    apiKeyHeader: "header-key",
    apiKeyQuery: "query-key",
    apiKeyCookie: "cookie-key",
    oauth2ClientCredentials: { clientId: "client-1", clientSecret: SECRET },
    oauth2AuthorizationCode: async () => "authorization-code-token",
    openIdConnect: () => "oidc-token",
    mutualTLS: (url: string, init: RequestInit) => {
      mutualTlsCalls++;
      return fetch(url, init);
    },
    ...extra,
  });
  return { sdk, mutualTlsCalls: () => mutualTlsCalls };
}

const seen = (path: string) => {
  const call = server.calls.find((recorded) => recorded.path === path);
  if (!call) throw new Error(`no call to ${path}`);
  const { path: _, ...rest } = call;
  return rest;
};
const nothing = { authorization: undefined, apiKey: undefined, cookie: undefined, query: {} };

describe("a generated SDK with every kind of security scheme", () => {
  it("compiles under tsc --strict, its README's Authenticate example included", () => {
    expect(`${built.stdout}${built.stderr}`).toBe("");
    expect(built.status).toBe(0);
    const readme = readFileSync(join(dir, "README.md"), "utf8");
    for (const name of ["basicAuth", "bearerAuth", "ApiKeyHeader", "ApiKeyQuery", "ApiKeyCookie", "clientCredentials", "oidc", "mtls"])
      expect(readme).toContain(`(\`${name}\`)`);
  });

  it("sends each operation the credential its security asks for, and only that one", async () => {
    const { sdk, mutualTlsCalls } = everyCredential();
    for (const resource of RESOURCES) await sdk[resource].list();
    expect(seen("/basic")).toEqual({ ...nothing, authorization: basicValue });
    expect(seen("/bearer")).toEqual({ ...nothing, authorization: "Bearer bearer-token" });
    expect(seen("/hkey")).toEqual({ ...nothing, apiKey: "header-key" });
    expect(seen("/qkey")).toEqual({ ...nothing, query: { api_key: "query-key" } });
    expect(seen("/ckey")).toEqual({ ...nothing, cookie: "session=cookie-key" });
    expect(seen("/oauth")).toEqual({ ...nothing, authorization: "Bearer cc-token-1" });
    expect(seen("/authcode")).toEqual({ ...nothing, authorization: "Bearer authorization-code-token" });
    expect(seen("/oidc")).toEqual({ ...nothing, authorization: "Bearer oidc-token" });
    expect(seen("/mtls")).toEqual(nothing);
    expect(mutualTlsCalls()).toBe(1);
    // security: [] asks for nothing.
    expect(seen("/public")).toEqual(nothing);
    // Alternatives: the first whose credentials were given; AND within one requirement.
    expect(seen("/either")).toEqual({ ...nothing, apiKey: "header-key" });
    expect(seen("/both")).toEqual({ ...nothing, apiKey: "header-key", query: { api_key: "query-key" } });
    // No security of its own: the document's.
    expect(seen("/fallback")).toEqual({ ...nothing, authorization: "Bearer bearer-token" });
  });

  it("takes the next alternative when the first one's credentials are missing, and sends nothing without any", async () => {
    const sdk = sdkModule.createSdk({ baseUrl: server.url, basic: { username: "alice", password: "pässwörd" } });
    await sdk.either.list();
    await sdk.hkey.list();
    await sdk.bearer.list();
    expect(seen("/either")).toEqual({ ...nothing, authorization: basicValue });
    expect(seen("/hkey")).toEqual(nothing);
    expect(seen("/bearer")).toEqual(nothing);
  });

  it("keeps an API key's own cookie with the caller's, and the query's key after the caller's query", async () => {
    const { sdk } = everyCredential();
    await sdk.ckey.list({ headers: { cookie: "theme=dark" } });
    expect(seen("/ckey").cookie).toBe("theme=dark; session=cookie-key");
  });

  it("shows hooks no credential", async () => {
    const events: Array<Record<string, string>> = [];
    const { sdk } = everyCredential({ hooks: { onRequest: (event: { headers: Record<string, string> }) => events.push(event.headers) } });
    await sdk.hkey.list();
    await sdk.ckey.list();
    await sdk.basic.list();
    await sdk.oauth.list();
    const text = JSON.stringify(events);
    for (const secret of ["header-key", "cookie-key", "cc-token", basicValue.slice(6)]) expect(text).not.toContain(secret);
    expect(events[0]!["x-api-key"]).toBe("[redacted]");
  });

  it("fetches an OAuth 2.0 client credentials token once, with HTTP basic client authentication, and reuses it", async () => {
    const { sdk } = everyCredential();
    await Promise.all([sdk.oauth.list(), sdk.oauth.list(), sdk.oauth.list()]);
    await sdk.oauth.list();
    expect(server.token.requests).toHaveLength(1);
    expect(server.token.requests[0]).toEqual({
      form: { grant_type: "client_credentials", scope: "read write" },
      authorization: `Basic ${Buffer.from(`client-1:${SECRET}`).toString("base64")}`,
    });
    expect(server.calls.map((call) => call.authorization)).toEqual(Array(4).fill("Bearer cc-token-1"));
  });

  it("sends the client's scopes and credentials in the form when asked to", async () => {
    const { sdk } = everyCredential({
      oauth2ClientCredentials: { clientId: "client-1", clientSecret: SECRET, scopes: ["read"], clientAuthentication: "body" },
    });
    await sdk.oauth.list();
    expect(server.token.requests[0]).toEqual({
      form: { grant_type: "client_credentials", scope: "read", client_id: "client-1", client_secret: SECRET },
      authorization: undefined,
    });
  });

  it("fetches a new token shortly before expires_in", async () => {
    server.token.expiresIn = 1;
    const { sdk } = everyCredential();
    await sdk.oauth.list();
    await sdk.oauth.list();
    expect(server.token.requests).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    await sdk.oauth.list();
    expect(server.token.requests).toHaveLength(2);
    expect(server.calls.map((call) => call.authorization)).toEqual(["Bearer cc-token-1", "Bearer cc-token-1", "Bearer cc-token-2"]);
  });

  it("fetches a new token once after a 401, and retries the call with it", async () => {
    const { sdk } = everyCredential();
    await sdk.oauth.list();
    server.revoked.add("cc-token-1");
    await expect(sdk.oauth.list()).resolves.toEqual({ ok: true });
    expect(server.token.requests).toHaveLength(2);
    expect(server.calls.map((call) => call.authorization)).toEqual(["Bearer cc-token-1", "Bearer cc-token-1", "Bearer cc-token-2"]);
    // A token callback is called again once after a 401, with forceRefresh.
    const asked: boolean[] = [];
    const refreshing = sdkModule.createSdk({
      baseUrl: server.url,
      openIdConnect: async ({ forceRefresh }: { forceRefresh: boolean }) => {
        asked.push(forceRefresh);
        return forceRefresh ? "oidc-new" : "oidc-old";
      },
    });
    server.revoked.add("oidc-old");
    await expect(refreshing.oidc.list()).resolves.toEqual({ ok: true });
    expect(asked).toEqual([false, true]);
  });

  it("rejects with a typed error that holds no secret when the token endpoint refuses, sending nothing", async () => {
    server.token.refuse = true;
    const { sdk } = everyCredential();
    const error = await sdk.oauth.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(sdkModule.AuthenticationError);
    expect(error).toMatchObject({ code: "token_request_failed", status: 401 });
    expect(error.message).toBe("The token endpoint answered status 401 (invalid_client); no request was sent.");
    expect(JSON.stringify({ message: error.message, body: error.body, stack: error.stack })).not.toContain(SECRET);
    expect(server.calls).toEqual([]);
    // Not kept: the next call asks the endpoint again.
    server.token.refuse = false;
    await expect(sdk.oauth.list()).resolves.toEqual({ ok: true });
    expect(server.token.requests).toHaveLength(2);
  });

  it("presents the client certificate to the operations that ask for mutual TLS, and to no other", async () => {
    const pki = makeTestPki();
    const presented: Record<string, string | string[] | undefined> = {};
    const tls = createHttpsServer({ ...pki.server, ca: pki.ca, requestCert: true, rejectUnauthorized: false }, (request, response) => {
      presented[new URL(request.url ?? "/", "https://localhost").pathname] = (request.socket as TLSSocket).getPeerCertificate().subject?.CN;
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => tls.listen(0, "127.0.0.1", resolve));
    const plain = new Agent({ connect: { ca: pki.ca } });
    const mutualTLS = createMutualTlsFetch({ cert: pki.clientA.cert, key: pki.clientA.key, ca: pki.ca });
    try {
      const sdk = sdkModule.createSdk({
        baseUrl: `https://127.0.0.1:${(tls.address() as AddressInfo).port}`,
        // The server's CA, and no client certificate, for every other operation.
        fetch: (url: string, init: RequestInit) =>
          undiciFetch(url, { ...(init as object), dispatcher: plain }) as unknown as Promise<Response>,
        mutualTLS,
        bearer: "bearer-token",
      });
      await sdk.mtls.list();
      await sdk.public.list();
      await sdk.bearer.list();
      expect(presented).toEqual({ "/mtls": "Application A", "/public": undefined, "/bearer": undefined });
    } finally {
      await mutualTLS.close();
      await plain.close();
      await new Promise((resolve) => tls.close(resolve));
    }
  });
});
