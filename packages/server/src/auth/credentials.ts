// The credentials a request presents (Authentication 1): an OAuth 2.0 access token in
// `Authorization: Bearer …` (RFC 6750 §2.1), and/or the client certificate of the mutual
// TLS connection it came on.
import type { Socket } from "node:net";
import { TLSSocket } from "node:tls";
import type { ClientCertificate } from "./principal.js";

/** RFC 6750 b64token; the scheme is case-insensitive (RFC 9110 §11.1). */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

export type PresentedToken = { kind: "none" } | { kind: "token"; token: string } | { kind: "malformed" };

export function accessTokenOf(authorization: string | undefined): PresentedToken {
  if (authorization === undefined) return { kind: "none" };
  const match = BEARER.exec(authorization);
  return match ? { kind: "token", token: match[1]! } : { kind: "malformed" };
}

export type PresentedCertificate =
  | { kind: "none" }
  | { kind: "certificate"; certificate: ClientCertificate }
  /** Presented, but not signed by a trusted CA, expired, or otherwise refused by TLS. */
  | { kind: "unverified" };

const bySocket = new WeakMap<TLSSocket, PresentedCertificate>();

/** The client certificate of the connection, read once per connection. */
export function clientCertificateOf(socket: Socket): PresentedCertificate {
  if (!(socket instanceof TLSSocket)) return { kind: "none" };
  let presented = bySocket.get(socket);
  if (!presented) {
    presented = readCertificate(socket);
    bySocket.set(socket, presented);
  }
  return presented;
}

function readCertificate(socket: TLSSocket): PresentedCertificate {
  const peer = socket.getPeerCertificate(false);
  if (!peer || !peer.raw) return { kind: "none" };
  if (!socket.authorized) return { kind: "unverified" };
  return {
    kind: "certificate",
    certificate: {
      fingerprint256: peer.fingerprint256,
      subject: { ...peer.subject },
      issuer: { ...peer.issuer },
      serialNumber: peer.serialNumber,
      validFrom: peer.valid_from,
      validTo: peer.valid_to,
      raw: new Uint8Array(peer.raw),
    },
  };
}
