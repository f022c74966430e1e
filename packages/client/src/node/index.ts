// @signing-platform/client/node: everything of the main entry, and a createClient that also
// takes `tls` (mutual TLS through an undici Agent). Only this entry imports Node modules.
import type { paths } from "@signing-platform/types";
import { createClient as createPortableClient, type ClientOptions } from "../client.js";
import type { Client } from "../runtime/index.js";
import { createMutualTlsFetch } from "./mutual-tls.js";

export * from "../index.js";
export { createMutualTlsFetch, type MutualTlsFetch } from "./mutual-tls.js";

/**
 * The Node client of the Signing Platform API: as `createClient` of the main entry, and with `tls` it presents a client certificate on every connection (mutual TLS, through undici).
 * @example
 * ```ts
 * import { readFileSync } from "node:fs";
 * import { createClient } from "@signing-platform/client/node";
 *
 * const client = createClient({
 *   baseUrl: "https://api.example.test",
 *   accessToken: "token",
 *   tls: { cert: readFileSync("client.crt"), key: readFileSync("client.key") },
 * });
 * ```
 */
export function createClient<Paths extends {} = paths>(options: ClientOptions): Client<Paths> {
  if (!options?.tls) return createPortableClient<Paths>(options);
  const { tls, ...rest } = options;
  if (rest.fetch) throw new TypeError("createClient: give tls or fetch, not both (tls makes its own fetch).");
  return createPortableClient<Paths>({ ...rest, fetch: createMutualTlsFetch(tls) });
}
