// @signing-platform/client/node: everything of the main entry, and a createClient that also
// takes `tls` (mutual TLS through an undici Agent). Only this entry imports Node modules.
import type { paths } from "@signing-platform/types";
import { createClient as createPortableClient, type ClientOptions } from "../client.js";
import type { Client } from "../runtime/index.js";
import { createMutualTlsFetch } from "./mutual-tls.js";

export * from "../index.js";
export { createMutualTlsFetch, type MutualTlsFetch } from "./mutual-tls.js";

export function createClient<Paths extends {} = paths>(options: ClientOptions): Client<Paths> {
  if (!options?.tls) return createPortableClient<Paths>(options);
  const { tls, ...rest } = options;
  if (rest.fetch) throw new TypeError("createClient: give tls or fetch, not both (tls makes its own fetch).");
  return createPortableClient<Paths>({ ...rest, fetch: createMutualTlsFetch(tls) });
}
