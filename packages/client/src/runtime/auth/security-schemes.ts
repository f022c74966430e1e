// The security schemes of an OpenAPI document as the runtime acts on them, each operation's
// requirements, and the credentials a user gives for them. A generated SDK writes the table
// (its src/security.ts) from the document; authorize-request.ts reads it on every attempt, so
// an operation receives the credentials its own `security` asks for and no other.
import type { FetchLike } from "../fetch-like.js";
import type { GetAccessToken } from "./access-token.js";

/** One security scheme of an OpenAPI document, as the client acts on it. */
export type SecurityScheme =
  | { type: "basic" }
  | { type: "bearer" }
  | { type: "apiKey"; in: "header" | "query" | "cookie"; name: string }
  /** OAuth 2.0 with a client credentials flow: the runtime fetches the token from `tokenUrl`. */
  | { type: "oauth2ClientCredentials"; tokenUrl: string; scopes: string[] }
  /** OAuth 2.0 with other flows, and OpenID Connect: the user's callback gives the token. */
  | { type: "oauth2" }
  | { type: "openIdConnect" }
  | { type: "mutualTLS" };

/** One alternative of a `security` list: every scheme it names is sent together (AND). */
export type SecurityRequirement = readonly string[];

/** The security schemes of a document and the requirements of each of its operations. */
export interface SecurityTable {
  /** The document's security schemes, by name. */
  schemes: Readonly<Record<string, SecurityScheme>>;
  /**
   * Each operation's alternatives, by path and lower-case method (its own `security`, else the
   * document's). An operation absent here, or with no alternative, is sent no credential.
   */
  operations: Readonly<Record<string, Readonly<Record<string, readonly SecurityRequirement[]>>>>;
}

/** The user name and password of HTTP basic authentication. */
export interface BasicCredentials {
  /** The user-id of RFC 7617; it may not hold a colon. */
  username: string;
  /** Sent base64-encoded, never logged. */
  password: string;
}

/** A token as it is, or a function the client calls for it (again, once, after a 401). */
export type TokenSource = string | GetAccessToken;

/** The client of an OAuth 2.0 client credentials flow: the client fetches and refreshes the token itself. */
export interface OAuth2ClientCredentials {
  /** The client identifier the authorization server issued. */
  clientId: string;
  /** Sent to the token endpoint only; never part of an error or a hook event. */
  clientSecret: string;
  /** Scopes to ask for; by default every scope the document's flow declares. */
  scopes?: readonly string[];
  /** The token endpoint; by default the document's `tokenUrl`. */
  tokenUrl?: string;
  /** How the client authenticates to the token endpoint: HTTP basic (default) or form fields. */
  clientAuthentication?: "basic" | "body";
}

/** What can stand for one scheme: the authorizer reads it by the scheme's type. */
export type SchemeCredential = BasicCredentials | TokenSource | OAuth2ClientCredentials | FetchLike;

/** Credentials by scheme name; a scheme without one is never sent. */
export type Credentials = Readonly<Record<string, SchemeCredential | undefined>>;

/** The security schemes of a document and the credentials given for them, for `security` of the client options. */
export interface SecurityOptions {
  /** The document's schemes and each operation's requirements. */
  table: SecurityTable;
  /** The credentials given for the schemes, by scheme name. */
  credentials: Credentials;
}
