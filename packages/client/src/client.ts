// createClient of the Signing Platform API: the runtime's client bound to this API's
// description (src/generated/api.ts, read from generated/openapi.yaml at build time by the
// same describeApi a generated SDK is made with) and typed with its `paths`.
import type { paths } from "@signing-platform/types";
import { api } from "./generated/api.js";
import { createApiClient, type Client, type ClientOptions as RuntimeClientOptions } from "./runtime/index.js";

/** Client certificate and key for mutual TLS (Authentication 1). Node only: see `@signing-platform/client/node`. */
export interface MutualTlsOptions {
  /** The client certificate, PEM-encoded. */
  cert: string | Uint8Array;
  /** The private key of the client certificate, PEM-encoded. */
  key: string | Uint8Array;
  /** Trusted CA certificates for the server, when not the system ones. */
  ca?: string | Uint8Array | Array<string | Uint8Array>;
  /** The passphrase of an encrypted `key`. */
  passphrase?: string;
  /** The server name for SNI and certificate checks, when not the host of `baseUrl`. */
  servername?: string;
}

/**
 * Options of {@link createClient}: the runtime's client options, and `tls` for mutual TLS; not
 * `validateResponses`, which needs the schemas a generated SDK carries (`createApiClient`).
 */
export interface ClientOptions extends Omit<RuntimeClientOptions, "validateResponses"> {
  /** Mutual TLS: only with `createClient` from `@signing-platform/client/node`. */
  tls?: MutualTlsOptions;
}

/**
 * A client of the Signing Platform API, typed with its `paths`: every client rule of the interface document (idempotency keys, retries, typed errors, metadata, pagination) is kept. Throws when `tls` is given; use the `@signing-platform/client/node` entry for mutual TLS.
 * @example
 * ```ts
 * import { createClient } from "@signing-platform/client";
 *
 * const client = createClient({ baseUrl: "https://api.example.test", accessToken: "token" });
 * const { data, error } = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
 * if (error) console.error(error.code, error.requestId);
 * else console.log(data?.id); // undefined for a 304 without a cached body
 * ```
 */
export function createClient<Paths extends {} = paths>(options: ClientOptions): Client<Paths> {
  if (options?.tls) {
    throw new TypeError('createClient: mutual TLS needs Node; import { createClient } from "@signing-platform/client/node".');
  }
  return createApiClient<Paths>(api, options);
}
