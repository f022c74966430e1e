// Which credentials an attempt carries: the first alternative of the operation's `security`
// whose every scheme has a credential, each scheme applied by its kind (an Authorization
// header, an API key in a header, the query or a cookie, a fetch that presents a client
// certificate). An operation that asks for nothing, or whose alternatives the user gave no
// credentials for, is sent none: a credential never reaches an operation that did not ask.
import type { FetchLike } from "../fetch-like.js";
import { refreshingAccessToken, staticAccessToken, type AccessTokenManager } from "./access-token.js";
import { basicAuthorization } from "./basic-auth.js";
import { clientCredentialsTokens, type ClientCredentialsContext } from "./client-credentials.js";
import type { BasicCredentials, SchemeCredential, OAuth2ClientCredentials, SecurityOptions, SecurityScheme } from "./security-schemes.js";

export interface Authorization {
  /** Headers to add, by lower-case name. */
  headers: Record<string, string>;
  query: Array<[string, string]>;
  cookies: Array<[string, string]>;
  /** The fetch of a mutual TLS scheme, when the alternative names one. */
  fetch: FetchLike | undefined;
  /** Whether a 401 can be answered with new tokens. */
  refreshable: boolean;
  /** New tokens for the ones this attempt carried (shared by every call that carried them). */
  refresh(): Promise<void>;
}

export interface RequestAuthorizer {
  /** The credentials of one attempt, or undefined when the operation is sent none. */
  authorize(method: string, path: string): Promise<Authorization | undefined>;
}

type Applier =
  | { kind: "static"; apply: (into: Authorization) => void }
  | { kind: "token"; tokens: AccessTokenManager; apply: (into: Authorization, token: string) => void };

const isBasic = (credential: SchemeCredential): credential is BasicCredentials =>
  typeof credential === "object" && "username" in credential && "password" in credential;
const isClientCredentials = (credential: SchemeCredential): credential is OAuth2ClientCredentials =>
  typeof credential === "object" && "clientId" in credential && "clientSecret" in credential;

const bearer = (into: Authorization, token: string) => {
  into.headers.authorization = `Bearer ${token}`;
};

function tokensOf(credential: SchemeCredential, scheme: SecurityScheme, context: ClientCredentialsContext): AccessTokenManager {
  if (typeof credential === "string") return staticAccessToken(credential);
  if (scheme.type === "oauth2ClientCredentials" && isClientCredentials(credential))
    return clientCredentialsTokens(credential, scheme, context);
  if (typeof credential === "function") return refreshingAccessToken(credential as Parameters<typeof refreshingAccessToken>[0]);
  throw new TypeError("A token scheme takes a token, or a function that returns one.");
}

function applierOf(name: string, scheme: SecurityScheme, credential: SchemeCredential, context: ClientCredentialsContext): Applier {
  switch (scheme.type) {
    case "basic":
      if (!isBasic(credential)) throw new TypeError(`The credentials of ${name} are { username, password }.`);
      return {
        kind: "static",
        apply: (into) => {
          into.headers.authorization = basicAuthorization(credential.username, credential.password);
        },
      };
    case "apiKey": {
      if (typeof credential !== "string") throw new TypeError(`The credential of ${name} is the API key, a string.`);
      const where = scheme.in;
      return {
        kind: "static",
        apply: (into) => {
          if (where === "header") into.headers[scheme.name.toLowerCase()] = credential;
          else (where === "query" ? into.query : into.cookies).push([scheme.name, credential]);
        },
      };
    }
    case "mutualTLS":
      if (typeof credential !== "function")
        throw new TypeError(`The credential of ${name} is a fetch that presents the client certificate.`);
      return {
        kind: "static",
        apply: (into) => {
          into.fetch = credential as FetchLike;
        },
      };
    default:
      return { kind: "token", tokens: tokensOf(credential, scheme, context), apply: bearer };
  }
}

export function createAuthorizer(security: SecurityOptions, context: ClientCredentialsContext): RequestAuthorizer {
  const { table, credentials } = security;
  const appliers = new Map<string, Applier>();
  for (const [name, scheme] of Object.entries(table.schemes)) {
    const credential = credentials[name];
    if (credential !== undefined) appliers.set(name, applierOf(name, scheme, credential, context));
  }

  return {
    async authorize(method, path) {
      const alternatives = table.operations[path]?.[method.toLowerCase()] ?? [];
      const chosen = alternatives.find((requirement) => requirement.length > 0 && requirement.every((name) => appliers.has(name)));
      if (!chosen) return undefined;
      const carried: Array<{ tokens: AccessTokenManager; token: string }> = [];
      const authorization: Authorization = {
        headers: {},
        query: [],
        cookies: [],
        fetch: undefined,
        refreshable: false,
        refresh: () => Promise.all(carried.map(({ tokens, token }) => tokens.refresh(token))).then(() => undefined),
      };
      for (const name of chosen) {
        const applier = appliers.get(name)!;
        if (applier.kind === "static") {
          applier.apply(authorization);
          continue;
        }
        const token = applier.tokens.peek() ?? (await applier.tokens.current());
        carried.push({ tokens: applier.tokens, token });
        authorization.refreshable ||= applier.tokens.refreshable;
        applier.apply(authorization, token);
      }
      return authorization;
    },
  };
}
