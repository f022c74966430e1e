// createClient of the Signing Platform API: the runtime's client bound to this API's
// description (src/generated/api.ts, read from generated/openapi.yaml at build time by the
// same describeApi a generated SDK is made with) and typed with its `paths`.
import type { paths } from "@signing-platform/types";
import { api } from "./generated/api.js";
import { createApiClient, type Client, type ClientOptions as RuntimeClientOptions } from "./runtime/index.js";

/** Client certificate and key for mutual TLS (Authentication 1). Node only: see `@signing-platform/client/node`. */
export interface MutualTlsOptions {
  cert: string | Uint8Array;
  key: string | Uint8Array;
  /** Trusted CA certificates for the server, when not the system ones. */
  ca?: string | Uint8Array | Array<string | Uint8Array>;
  passphrase?: string;
  servername?: string;
}

export interface ClientOptions extends RuntimeClientOptions {
  /** Mutual TLS: only with `createClient` from `@signing-platform/client/node`. */
  tls?: MutualTlsOptions;
}

export function createClient<Paths extends {} = paths>(options: ClientOptions): Client<Paths> {
  if (options?.tls) {
    throw new TypeError('createClient: mutual TLS needs Node; import { createClient } from "@signing-platform/client/node".');
  }
  return createApiClient<Paths>(api, options);
}
