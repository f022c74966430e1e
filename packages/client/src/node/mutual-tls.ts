// Mutual TLS (Authentication 1: "a client certificate presented by mutual TLS"): undici's
// fetch through an Agent that presents the client certificate and key on every connection.
// Node only, which is why it lives behind the `/node` subpath. undici is an optional peer
// dependency, needed by nothing else of the package: it is loaded when mutual TLS is first
// used (a synchronous require, so that this entry has no top-level await and can still be
// require()d), and its absence is one line that says what to install.
import { requireOptionalPeer } from "@signing-platform/contract/optional-peer";
import type * as Undici from "undici";
import type { MutualTlsOptions } from "../client.js";
import type { FetchLike } from "../runtime/index.js";

function loadUndici(): typeof Undici {
  return requireOptionalPeer<typeof Undici>(
    "undici",
    import.meta.url,
    "@signing-platform/client/node: mutual TLS (`tls`) needs undici, an optional peer dependency: run `npm install undici`.",
  );
}

/** A fetch that presents a client certificate on every connection, with `close()` to release its connections. */
export interface MutualTlsFetch extends FetchLike {
  /** Closes the agent's connections. */
  close(): Promise<void>;
}

/**
 * A fetch that presents the client certificate and key of `tls` on every connection (undici Agent), for `fetch` of any client options; call `close()` when done.
 * @example
 * ```ts
 * import { readFileSync } from "node:fs";
 * import { createMutualTlsFetch } from "@signing-platform/client/node";
 *
 * const fetch = createMutualTlsFetch({ cert: readFileSync("client.crt"), key: readFileSync("client.key") });
 * const response = await fetch("https://api.example.test/certificates", { method: "GET" });
 * await fetch.close();
 * ```
 */
export function createMutualTlsFetch(tls: MutualTlsOptions): MutualTlsFetch {
  const { cert, key, ca, passphrase, servername } = tls;
  const { Agent, fetch: undiciFetch } = loadUndici();
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
