// Mutual TLS (Authentication 1: "a client certificate presented by mutual TLS"): undici's
// fetch through an Agent that presents the client certificate and key on every connection.
// Node only, which is why it lives behind the `/node` subpath.
import { Agent, fetch as undiciFetch } from "undici";
import type { MutualTlsOptions } from "../client.js";
import type { FetchLike } from "../runtime/index.js";

export interface MutualTlsFetch extends FetchLike {
  /** Closes the agent's connections. */
  close(): Promise<void>;
}

export function createMutualTlsFetch(tls: MutualTlsOptions): MutualTlsFetch {
  const { cert, key, ca, passphrase, servername } = tls;
  const toBuffer = (value: string | Uint8Array) => (typeof value === "string" ? value : Buffer.from(value));
  const agent = new Agent({
    connect: {
      cert: toBuffer(cert),
      key: toBuffer(key),
      ...(ca === undefined ? {} : { ca: Array.isArray(ca) ? ca.map(toBuffer) : toBuffer(ca) }),
      ...(passphrase === undefined ? {} : { passphrase }),
      ...(servername === undefined ? {} : { servername }),
    },
  });
  const fetch = ((url: string, init: RequestInit) =>
    undiciFetch(url, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher: agent,
    }) as unknown as Promise<Response>) as MutualTlsFetch;
  fetch.close = () => agent.close();
  return fetch;
}
