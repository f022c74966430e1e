// Who is calling (interface document › Authentication): credentials resolve to an
// application of an organization. Rate limits, idempotency keys, cursors and resource
// visibility are all scoped by the organization.
import type { MaybePromise } from "../maybe-async.js";

/** Who is calling: an application of an organization, with the capabilities granted to the organization. */
export interface Principal {
  /** The application the access token and/or the client certificate belong to. */
  readonly applicationId: string;
  /** The organization of that application: the scope of everything it sees. */
  readonly organizationId: string;
  /** Capabilities granted to the organization (Authentication 3). */
  readonly capabilities: readonly string[];
}

/** The client certificate presented by mutual TLS, as the TLS layer verified it. */
export interface ClientCertificate {
  /** SHA-256 fingerprint, colon-separated upper-case hex, as node:tls gives it. */
  readonly fingerprint256: string;
  /** The subject of the certificate, by attribute (`CN`, `O`, …). */
  readonly subject: Readonly<Record<string, string | string[] | undefined>>;
  /** The issuer of the certificate, by attribute (`CN`, `O`, …). */
  readonly issuer: Readonly<Record<string, string | string[] | undefined>>;
  /** The serial number of the certificate, in hex. */
  readonly serialNumber: string;
  /** The start of the certificate's validity, as node:tls gives it. */
  readonly validFrom: string;
  /** The end of the certificate's validity, as node:tls gives it. */
  readonly validTo: string;
  /** DER bytes of the certificate. */
  readonly raw: Uint8Array;
}

/**
 * Maps credentials to the application they belong to: an access token (OAuth 2.0 bearer)
 * and/or a client certificate (mutual TLS). Each returns null for credentials it does not
 * accept: unknown, revoked or expired alike, since all three are 401 unauthenticated
 * (Authentication 2). A resolver that supports only one kind leaves the other out.
 */
export interface CredentialResolver {
  /** The principal an OAuth 2.0 bearer token stands for, or null when the token is not accepted (unknown, revoked or expired). */
  resolveAccessToken?(token: string): MaybePromise<Principal | null>;
  /** The principal a verified client certificate stands for, or null when the certificate is not accepted. */
  resolveClientCertificate?(certificate: ClientCertificate): MaybePromise<Principal | null>;
  /**
   * The message of the 401 for an access token that resolveAccessToken did not accept.
   * Default: the one message of every 401, which tells a caller nothing about the token. A
   * development server may say why it knows no such token (it started afresh); never the token.
   */
  refusedAccessTokenMessage?(): string;
}
