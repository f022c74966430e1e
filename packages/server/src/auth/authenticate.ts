// From presented credentials to the caller (Authentication 1–2), as a pure decision over
// the resolver's answers:
//   nothing presented, a malformed Authorization header, a certificate TLS did not verify,
//   or credentials the resolver does not accept  → 401 unauthenticated;
//   a token and a certificate of two applications → 401 credential_binding_mismatch.
// The messages are the same for missing, invalid and expired credentials, so a 401 tells
// an attacker nothing about a token it tries (unless the resolver words the refusal of a
// token itself, as the sandbox does). A resolver that answers synchronously gets
// a synchronous decision: no promise on the hot path.
import { ApiErrorResponse } from "../errors/api-error-response.js";
import type { PresentedCertificate, PresentedToken } from "./credentials.js";
import type { MaybePromise } from "../maybe-async.js";
import type { CredentialResolver, Principal } from "./principal.js";

export type Authentication = { ok: true; principal: Principal } | { ok: false; error: ApiErrorResponse };

type Resolved = Principal | null | undefined;

const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="api"' };

const unauthenticated = (message = "Credentials are missing, invalid or expired."): Authentication => ({
  ok: false,
  error: new ApiErrorResponse("unauthenticated", { message, headers: CHALLENGE }),
});

/** `undefined` for a credential not presented; `null` for one presented and not accepted. */
function decide(byToken: Resolved, byCertificate: Resolved, resolver: CredentialResolver): Authentication {
  if (byToken === null) return unauthenticated(resolver.refusedAccessTokenMessage?.());
  if (byCertificate === null) return unauthenticated();
  if (byToken && byCertificate && byToken.applicationId !== byCertificate.applicationId) {
    return {
      ok: false,
      error: new ApiErrorResponse("credential_binding_mismatch", {
        message: "The access token and the client certificate belong to different applications.",
      }),
    };
  }
  const principal = byToken ?? byCertificate;
  return principal ? { ok: true, principal } : unauthenticated();
}

export function authenticate(
  token: PresentedToken,
  certificate: PresentedCertificate,
  resolver: CredentialResolver,
): MaybePromise<Authentication> {
  if (token.kind === "malformed" || certificate.kind === "unverified") return unauthenticated();
  if (token.kind === "none" && certificate.kind === "none") return unauthenticated();
  // A resolver that lacks a method, or answers undefined, does not accept the credential.
  const byToken = token.kind === "token" ? (resolver.resolveAccessToken?.(token.token) ?? null) : undefined;
  const byCertificate =
    certificate.kind === "certificate" ? (resolver.resolveClientCertificate?.(certificate.certificate) ?? null) : undefined;
  if (byToken instanceof Promise || byCertificate instanceof Promise) {
    // Awaited, an answer of undefined for a presented credential is a refusal too.
    const refused = (presented: boolean, answer: Resolved) => (presented ? (answer ?? null) : undefined);
    return Promise.all([byToken, byCertificate]).then(([fromToken, fromCertificate]) =>
      decide(refused(token.kind === "token", fromToken), refused(certificate.kind === "certificate", fromCertificate), resolver),
    );
  }
  return decide(byToken, byCertificate, resolver);
}
