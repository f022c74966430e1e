// The runtime every generated SDK carries, as source files: the client runtime of
// @signing-platform/client (packages/client/src/runtime/) and the portable webhook
// verifier of @signing-platform/webhooks. The build copies them into dist/runtime-source/,
// so an installed generator has them; run from this repository's sources, they are read
// where they are written. Either way a fix to the runtime reaches every SDK at its next
// generation.
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** The webhook verifier's files, relative to packages/webhooks/src: WebCrypto only, no Node module. */
export const WEBHOOK_RUNTIME_FILES = [
  "crypto/crypto-provider.ts",
  "crypto/web-crypto-provider.ts",
  "errors/webhook-error.ts",
  "errors/webhook-verification-error.ts",
  "signature/parse-signature-header.ts",
  "signature/raw-body.ts",
  "signature/sign-payload-async.ts",
  "signature/signature-header.ts",
  "signature/verification.ts",
  "signature/verify-signature-header-async.ts",
  "text/utf8-text.ts",
] as const;

export interface RuntimeSources {
  /** The client runtime, by path relative to its folder. */
  client: Record<string, string>;
  /** The webhook verifier, by path relative to its folder (without catalogue.ts, which each SDK writes). */
  webhooks: Record<string, string>;
}

const here = fileURLToPath(new URL(".", import.meta.url));

/** Where the sources are: the copy beside the built generator, else this repository's packages. */
function sourceFolders(): { client: string; webhooks: string } {
  const copied = join(here, "runtime-source");
  if (existsSync(copied)) return { client: join(copied, "client"), webhooks: join(copied, "webhooks") };
  const packages = join(here, "..", "..");
  return { client: join(packages, "client", "src", "runtime"), webhooks: join(packages, "webhooks", "src") };
}

async function typeScriptFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split("\\").join("/"))
    .sort();
}

export async function readRuntimeSources(): Promise<RuntimeSources> {
  const folders = sourceFolders();
  const read = async (folder: string, files: readonly string[]) =>
    Object.fromEntries(await Promise.all(files.map(async (file) => [file, await readFile(join(folder, file), "utf8")] as const)));
  return {
    client: await read(folders.client, await typeScriptFiles(folders.client)),
    webhooks: await read(folders.webhooks, WEBHOOK_RUNTIME_FILES),
  };
}
