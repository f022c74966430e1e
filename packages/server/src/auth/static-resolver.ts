// A CredentialResolver over fixed tables: access tokens and client-certificate
// fingerprints, each with the principal it stands for and an optional expiry. For a
// sandbox, examples and tests; a production service resolves against its authorization
// server and certificate registry behind the same interface.
import type { ClientCertificate, CredentialResolver, Principal } from "./principal.js";

/** A credential of a {@link staticCredentialResolver}: the principal it stands for and when it expires. */
export interface StaticCredential {
  /** The principal the credential stands for. */
  readonly principal: Principal;
  /** Unix time in milliseconds after which the credential is expired (401 unauthenticated). */
  readonly expiresAt?: number;
}

/** Options of {@link staticCredentialResolver}: the tables of tokens and certificate fingerprints. */
export interface StaticCredentialResolverOptions {
  /** By access token. */
  tokens?: Readonly<Record<string, StaticCredential>>;
  /** By certificate SHA-256 fingerprint (colon-separated hex, any case). */
  certificates?: Readonly<Record<string, StaticCredential>>;
  /** Clock, for tests of expiry. Default Date.now. */
  now?: () => number;
}

const normaliseFingerprint = (fingerprint: string) => fingerprint.replaceAll(":", "").toUpperCase();

/**
 * A CredentialResolver over fixed tables of access tokens and client-certificate fingerprints, each with an optional expiry: for a sandbox, examples and tests.
 * @example
 * ```ts
 * import { staticCredentialResolver } from "@signing-platform/server";
 *
 * const resolver = staticCredentialResolver({
 *   tokens: { "token-a": { principal: { applicationId: "app_a", organizationId: "org_a", capabilities: [] } } },
 *   certificates: { "AB:CD:EF": { principal: { applicationId: "app_b", organizationId: "org_a", capabilities: [] }, expiresAt: Date.parse("2030-01-01") } },
 * });
 * ```
 */
export function staticCredentialResolver(options: StaticCredentialResolverOptions): CredentialResolver {
  const { tokens = {}, certificates = {}, now = Date.now } = options;
  const tokenTable = new Map(Object.entries(tokens));
  const certificateTable = new Map(Object.entries(certificates).map(([key, value]) => [normaliseFingerprint(key), value]));
  const live = (credential: StaticCredential | undefined) =>
    credential && (credential.expiresAt === undefined || credential.expiresAt > now()) ? credential.principal : null;
  return {
    resolveAccessToken: (token: string) => live(tokenTable.get(token)),
    resolveClientCertificate: (certificate: ClientCertificate) =>
      live(certificateTable.get(normaliseFingerprint(certificate.fingerprint256))),
  };
}
