// A document with one security scheme of every kind and operations that ask for different
// ones (alternatives, a requirement of two schemes, `security: []`, the document's default),
// and a loopback server that records what each call carried and answers as a token endpoint
// that counts its requests: the TypeScript and the Python SDK tests call it alike.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

const ok = { "200": { description: "OK", content: { "application/json": { schema: { type: "object" } } } } };
const get = (security?: Array<Record<string, string[]>>) => ({ get: { responses: ok, ...(security ? { security } : {}) } });

export const securedDocument = {
  openapi: "3.1.0",
  info: { title: "Secured API", version: "1.0.0" },
  servers: [{ url: "https://secured.example.com" }],
  security: [{ bearerAuth: [] }],
  paths: {
    "/basic": get([{ basicAuth: [] }]),
    "/bearer": get([{ bearerAuth: [] }]),
    "/hkey": get([{ ApiKeyHeader: [] }]),
    "/qkey": get([{ ApiKeyQuery: [] }]),
    "/ckey": get([{ ApiKeyCookie: [] }]),
    "/oauth": get([{ clientCredentials: ["read"] }]),
    "/authcode": get([{ authorizationCode: ["read"] }]),
    "/oidc": get([{ oidc: [] }]),
    "/mtls": get([{ mtls: [] }]),
    "/public": get([]),
    "/either": get([{ ApiKeyHeader: [] }, { basicAuth: [] }]),
    "/both": get([{ ApiKeyHeader: [], ApiKeyQuery: [] }]),
    "/fallback": get(),
  },
  components: {
    securitySchemes: {
      basicAuth: { type: "http", scheme: "basic" },
      bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      ApiKeyHeader: { type: "apiKey", in: "header", name: "X-API-Key" },
      ApiKeyQuery: { type: "apiKey", in: "query", name: "api_key" },
      ApiKeyCookie: { type: "apiKey", in: "cookie", name: "session" },
      clientCredentials: {
        type: "oauth2",
        flows: { clientCredentials: { tokenUrl: "/oauth/token", scopes: { read: "Read", write: "Write" } } },
      },
      authorizationCode: {
        type: "oauth2",
        flows: {
          authorizationCode: {
            authorizationUrl: "https://id.example.com/authorize",
            tokenUrl: "https://id.example.com/token",
            scopes: { read: "Read" },
          },
        },
      },
      oidc: { type: "openIdConnect", openIdConnectUrl: "https://id.example.com/.well-known/openid-configuration" },
      mtls: { type: "mutualTLS" },
    },
  },
};

export interface Recorded {
  path: string;
  authorization: string | undefined;
  apiKey: string | undefined;
  cookie: string | undefined;
  query: Record<string, string>;
}

export interface TokenEndpoint {
  /** Requests to the token endpoint, with their form and Authorization header. */
  requests: Array<{ form: Record<string, string>; authorization: string | undefined }>;
  /** Lifetime of the tokens it issues, in seconds. */
  expiresIn: number;
  /** When set, it refuses the client as an OAuth server does, echoing the secret in its description. */
  refuse: boolean;
}

export interface SecuredServer {
  url: string;
  calls: Recorded[];
  token: TokenEndpoint;
  /** Tokens the API refuses from now on with 401, as a server that revoked them. */
  revoked: Set<string>;
  stop(): Promise<void>;
}

const body = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });

export async function startSecuredServer(): Promise<SecuredServer> {
  const calls: Recorded[] = [];
  const token: TokenEndpoint = { requests: [], expiresIn: 3600, refuse: false };
  const revoked = new Set<string>();
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const json = (status: number, value: unknown) =>
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
    // For a client in another process (the Python SDK's test): the server's state, read and set.
    if (url.pathname === "/_control") {
      const change = JSON.parse((await body(request)) || "{}") as {
        reset?: boolean;
        expiresIn?: number;
        refuse?: boolean;
        revoke?: string;
      };
      if (change.reset) {
        calls.length = 0;
        token.requests.length = 0;
        token.expiresIn = 3600;
        token.refuse = false;
        revoked.clear();
      }
      if (change.expiresIn !== undefined) token.expiresIn = change.expiresIn;
      if (change.refuse !== undefined) token.refuse = change.refuse;
      if (change.revoke !== undefined) revoked.add(change.revoke);
      return json(200, { calls, tokenRequests: token.requests });
    }
    if (url.pathname === "/oauth/token") {
      const form = Object.fromEntries(new URLSearchParams(await body(request)));
      token.requests.push({ form, authorization: request.headers.authorization });
      if (token.refuse)
        return json(401, {
          error: "invalid_client",
          error_description: `client secret ${form.client_secret ?? request.headers.authorization} is wrong`,
        });
      return json(200, { access_token: `cc-token-${token.requests.length}`, token_type: "Bearer", expires_in: token.expiresIn });
    }
    await body(request);
    calls.push({
      path: url.pathname,
      authorization: request.headers.authorization,
      apiKey: request.headers["x-api-key"] as string | undefined,
      cookie: request.headers.cookie,
      query: Object.fromEntries(url.searchParams),
    });
    const bearer = request.headers.authorization?.replace(/^Bearer /, "");
    if (bearer !== undefined && revoked.has(bearer)) return json(401, { error: { code: "unauthenticated", message: "Token revoked." } });
    return json(200, { ok: true });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    token,
    revoked,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
