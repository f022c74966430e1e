// generateSdk: writes a ready-to-build TypeScript SDK package for an OpenAPI document that
// uses the x-signing-platform-* extensions (issue 8 › The generator).
import { mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { basename, dirname, join, resolve } from "node:path";
import { GeneratorInputError } from "./generator-input-error.js";
import { loadOpenApiDocument } from "./load-document.js";
import { defaultPackageName, isValidPackageName } from "./naming.js";
import { buildSdkModel } from "./sdk-model.js";
import { clientModule, HEADER, indexModule, operationsModule, resourcesModule } from "./templates/code-modules.js";
import { packageJson, readme, tsconfigJson } from "./templates/package-files.js";
import { schemaModule } from "./templates/schema-module.js";

export interface GenerateSdkOptions {
  /** Path of the OpenAPI 3 document (YAML or JSON). */
  input: string;
  /** Folder of the SDK package; created if missing. */
  outDir: string;
  /** npm name of the SDK; from the document's title by default. */
  name?: string;
  /** Overwrite a folder that holds something other than an SDK generated here. */
  force?: boolean;
}

export interface GeneratedSdk {
  outDir: string;
  name: string;
  /** Paths written, relative to outDir. */
  files: string[];
}

async function checkOutDir(outDir: string, force: boolean): Promise<void> {
  const entries = await readdir(outDir).catch(() => [] as string[]);
  if (entries.length === 0 || force) return;
  const previous = await readFile(join(outDir, "src", "index.ts"), "utf8").catch(() => "");
  if (!previous.startsWith(HEADER("").split(" from ")[0]!)) {
    throw new GeneratorInputError(`--out ${outDir} is not empty and holds no SDK generated here; choose an empty folder or pass --force.`);
  }
}

function clientVersion(): string {
  const require = createRequire(import.meta.url);
  return (require("@signing-platform/client/package.json") as { version: string }).version;
}

export async function generateSdk(options: GenerateSdkOptions): Promise<GeneratedSdk> {
  const { input, force = false } = options;
  const outDir = resolve(options.outDir);
  const document = await loadOpenApiDocument(input);
  const name = options.name ?? defaultPackageName(document.info?.title);
  if (!isValidPackageName(name)) throw new GeneratorInputError(`--name ${name} is not a valid npm package name.`);
  const model = buildSdkModel(document);
  await checkOutDir(outDir, force);

  const header = HEADER(basename(input));
  const files: Record<string, string> = {
    "package.json": packageJson(name, model, clientVersion()),
    "tsconfig.json": tsconfigJson(),
    "README.md": readme(name, model),
    "src/schema.ts": header + (await schemaModule(document)),
    "src/operations.ts": header + operationsModule(model.table),
    "src/client.ts": header + clientModule(model),
    "src/resources.ts": header + resourcesModule(model),
    "src/index.ts": header + indexModule(),
  };
  // Stale modules of an earlier generation must not survive a regeneration.
  await rm(join(outDir, "src"), { recursive: true, force: true });
  for (const [file, contents] of Object.entries(files)) {
    const path = join(outDir, file);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, contents);
  }
  return { outDir, name, files: Object.keys(files) };
}
