// A CredentialResolver over fixed tables: access tokens and client-certificate
// fingerprints, each with the principal it stands for and an optional expiry. For a
// sandbox, examples and tests; a production service resolves against its authorization
// server and certificate registry behind the same interface.
import type { ClientCertificate, CredentialResolver, Principal } from "./principal.js";

export interface StaticCredential {
  readonly principal: Principal;
  /** Unix time in milliseconds after which the credential is expired (401 unauthenticated). */
  readonly expiresAt?: number;
}

export interface StaticCredentialResolverOptions {
  /** By access token. */
  tokens?: Readonly<Record<string, StaticCredential>>;
  /** By certificate SHA-256 fingerprint (colon-separated hex, any case). */
  certificates?: Readonly<Record<string, StaticCredential>>;
  /** Clock, for tests of expiry. Default Date.now. */
  now?: () => number;
}

const normaliseFingerprint = (fingerprint: string) => fingerprint.replaceAll(":", "").toUpperCase();

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
