// The runtime every generated TypeScript SDK embeds, as source files, from the packages that
// publish it: the client runtime (@signing-platform/client/runtime-sources) and the contract it
// stands on (@signing-platform/contract/sources), with the contract's portable webhook
// signature for a document that signs its webhooks. Each is read through its package's entry
// point, so the generator holds no copy: a fix there reaches every SDK at its next generation.
import { readRuntimeSources as readClientRuntime } from "@signing-platform/client/runtime-sources";
import { readContractSources, type SourceFiles } from "@signing-platform/contract/sources";

/** The embedded runtime, each part by path relative to its folder. */
export interface RuntimeSources {
  /** The client runtime, written to the SDK's src/runtime/. */
  client: SourceFiles;
  /** The contract, written to src/contract/: with its webhook signature when the document signs its webhooks. */
  contract: SourceFiles;
}

/** The SDK folder each part is written to, under src/. */
export const RUNTIME_FOLDERS: Readonly<Record<keyof RuntimeSources, string>> = {
  client: "runtime",
  contract: "contract",
};

const CONTRACT_SPECIFIER = /(["'])@signing-platform\/contract\1/g;

/**
 * A file of the client runtime as the SDK carries it: its imports of @signing-platform/contract
 * point at the embedded copy, so the SDK installs without that package.
 */
function withEmbeddedContract(path: string, text: string): string {
  const depth = path.split("/").length - 1;
  const target = `${"../".repeat(depth + 1)}${RUNTIME_FOLDERS.contract}/index.js`;
  return text.replace(CONTRACT_SPECIFIER, (_match, quote: string) => `${quote}${target}${quote}`);
}

/** The runtime an SDK embeds; `webhookSignature` when its document signs its webhooks. */
export async function readRuntimeSources(options: { webhookSignature: boolean }): Promise<RuntimeSources> {
  const [client, contract] = await Promise.all([readClientRuntime(), readContractSources(options)]);
  return {
    client: Object.fromEntries(Object.entries(client).map(([path, text]) => [path, withEmbeddedContract(path, text)])),
    contract,
  };
}
