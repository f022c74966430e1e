// `signing-platform generate <openapi> --out <dir> [--name <pkg>] [--force]`: the
// command the CLI package calls. Exit codes: 0 written, 2 bad arguments or input (with a
// message saying which), 1 anything unexpected.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { generateSdk } from "./generate-sdk.js";
import { documentArgument } from "@signing-platform/contract/input";
import { GeneratorInputError } from "./generator-input-error.js";
import { checkOpenApiDocument, loadOpenApiDocument } from "./load-document.js";
import { generateServerHandlers } from "./server/server-handlers.js";

/** The help text of `signing-platform generate`. */
export const GENERATE_USAGE = `Usage: signing-platform generate <openapi.yaml|json> --out <dir> [--name <package>] [--language typescript|python] [--target sdk|server] [--force]

Writes a TypeScript SDK package for any OpenAPI 3.0 or 3.1 document: its types, one method per
operation grouped by resource, and the client runtime it needs, so it installs with the public
registry alone. The x-signing-platform-* extensions, where the document has them, add their
conventions (error catalogue, idempotency keys, pagination, webhook signatures).

  <openapi>     the OpenAPI document (YAML or JSON); \`--input <openapi>\`, its old spelling,
                still works and says so once
  --out, -o     the folder to write the package to
  --name        the package name (default: from the document's title); for python, its
                import name in snake_case
  --language    typescript (default) or python
  --target      sdk (default), or server: write <out>/handlers.ts, the handler types of the
                document for @signing-platform/server (createApp<Handlers>({ document, handlers }))
  --force       overwrite a folder that holds something else
  --help, -h    this text`;

/** Where {@link runGenerate} writes its messages: `process` by default. */
export interface GenerateIo {
  /** Where the summary of what was written goes. */
  stdout: { write(text: string): unknown };
  /** Where usage errors and refused input are reported. */
  stderr: { write(text: string): unknown };
}

/** Options of {@link runGenerate}. */
export interface RunGenerateOptions {
  /** The document the arguments name, already read and bundled (as the CLI does). */
  document?: Record<string, unknown>;
}

/**
 * The `signing-platform generate` command: parses `argv`, writes the SDK, and resolves with the exit code (0 written, 2 bad arguments or input with a message saying which, 1 anything unexpected).
 * @example
 * ```ts
 * import { runGenerate } from "@signing-platform/generator";
 *
 * process.exitCode = await runGenerate(["openapi.yaml", "--out", "./sdk", "--language", "python"]);
 * ```
 */
export async function runGenerate(argv: readonly string[], io: GenerateIo = process, options: RunGenerateOptions = {}): Promise<number> {
  let values;
  let positionals: string[];
  let input: string | undefined;
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      options: {
        input: { type: "string", short: "i" },
        out: { type: "string", short: "o" },
        name: { type: "string" },
        language: { type: "string" },
        target: { type: "string" },
        force: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: true,
    }));
    if (positionals.length > 1) throw new Error(`expected one document, got ${positionals.join(" ")}.`);
    input = documentArgument("generate", positionals, { option: "input", value: values.input }, io);
  } catch (error) {
    io.stderr.write(`signing-platform generate: ${(error as Error).message}\n\n${GENERATE_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(`${GENERATE_USAGE}\n`);
    return 0;
  }
  const missing = [...(input ? [] : ["the document"]), ...(values.out ? [] : ["--out"])];
  if (missing.length > 0) {
    io.stderr.write(`signing-platform generate: missing ${missing.join(" and ")}.\n\n${GENERATE_USAGE}\n`);
    return 2;
  }
  const language = values.language ?? "typescript";
  if (language !== "typescript" && language !== "python") {
    io.stderr.write(`signing-platform generate: unknown --language ${language}: use typescript or python.\n`);
    return 2;
  }
  const target = values.target ?? "sdk";
  if (target !== "sdk" && target !== "server") {
    io.stderr.write(`signing-platform generate: unknown --target ${target}: use sdk or server.\n`);
    return 2;
  }
  try {
    if (target === "server") {
      const document = options.document ? checkOpenApiDocument(options.document, input!) : await loadOpenApiDocument(input!);
      const file = join(values.out!, "handlers.ts");
      mkdirSync(values.out!, { recursive: true });
      writeFileSync(file, await generateServerHandlers(document));
      io.stdout.write(
        `Wrote the handler types of ${input} to ${file}.\nUse them: createApp<Handlers>({ document, handlers }) from @signing-platform/server.\n`,
      );
      return 0;
    }
    const sdk = await generateSdk({
      language,
      input: input!,
      outDir: values.out!,
      force: values.force ?? false,
      ...(values.name ? { name: values.name } : {}),
      ...(options.document ? { document: options.document } : {}),
    });
    const next =
      language === "python"
        ? `Install it: python3 -m venv .venv && .venv/bin/pip install --no-index --no-build-isolation ${sdk.outDir}`
        : `Build it: cd ${sdk.outDir} && npm install && npm run build`;
    io.stdout.write(`Wrote ${sdk.name} (${sdk.files.length} files) to ${sdk.outDir}.\n${next}\n`);
    return 0;
  } catch (error) {
    if (error instanceof GeneratorInputError) {
      io.stderr.write(`signing-platform generate: ${error.message}\n`);
      return 2;
    }
    // One line; the stack only when asked for, as for every command of the CLI.
    io.stderr.write(`signing-platform generate: internal error: ${String((error as Error).message ?? error).split("\n")[0]}\n`);
    if (process.env.SIGNING_PLATFORM_DEBUG && error instanceof Error) io.stderr.write(`${error.stack}\n`);
    return 1;
  }
}
