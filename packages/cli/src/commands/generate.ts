// `signing-platform generate <document> --out <dir> …`: writes a stand-alone SDK package, in
// TypeScript or Python, for any OpenAPI 3.0, 3.1 or 3.2 document, or the handler types of a server.
// The command line is read here, as for every command (its usage, one line and exit 2 for what
// cannot be used); the document too, so that it is named with its file and place, and a
// document split over files is bundled into one. The writing is @signing-platform/generator's,
// given the options as read. With --previous, the SDK is a release of the one generated from
// that document: the generator raises its version and writes its CHANGELOG.md entry, which
// --changelog-entry also writes alone, as the body of the pull request that proposes the release.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { chooseFormat, parseCommandArguments } from "../arguments.js";
import { type Command, EXIT } from "../command.js";
import { documentArgument, UnusableInputError } from "@signing-platform/contract/input";

type Generator = typeof import("@signing-platform/generator");

const OPTIONS = {
  out: { type: "string", short: "o" },
  name: { type: "string" },
  language: { type: "string" },
  target: { type: "string" },
  force: { type: "boolean" },
  previous: { type: "string" },
  "changelog-entry": { type: "string" },
  // The document's old spelling: it is the first argument now.
  input: { type: "string", short: "i" },
} as const;

const LANGUAGES = ["typescript", "python"] as const;
const TARGETS = ["sdk", "server"] as const;

/**
 * `work`'s result; the generator's input errors thrown as the CLI's own. The generator is loaded
 * apart from the CLI's bundle, with its own copy of the contract's error class, which the
 * dispatcher would not know for bad input.
 */
async function asCommandInput<T>(generator: Generator, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof generator.GeneratorInputError) throw new UnusableInputError(error.message, { cause: error });
    throw error;
  }
}

export const generate: Command = {
  name: "generate",
  summary: "Write a stand-alone SDK package (TypeScript, or Python) for an OpenAPI 3.0, 3.1 or 3.2 document, or its server handler types.",
  usage: `Usage: signing-platform generate <document> --out <dir> [--name <package>] [--language typescript|python] [--target sdk|server] [--previous <document> [--changelog-entry <file>]] [--force]

Writes an SDK package for any OpenAPI 3.0, 3.1 or 3.2 document, in TypeScript or in Python: its
types, one method per operation grouped by resource, and the runtime it needs, so that it
installs from the public registry alone (TypeScript) or with the standard library alone
(Python). The x-signing-platform-* extensions, where the document has them, add their
conventions (error catalogue, idempotency keys, pagination, webhook signatures).

  <document>    the OpenAPI document (YAML or JSON), first; --input <document>, its old
                spelling, still works and says so once
  --out, -o     the folder to write to
  --name        the package name (default: from the document's title); for python, its
                import name in snake_case
  --language    typescript (default) or python
  --target      sdk (default), or server: write <out>/handlers.ts, the handler types of the
                document for @signing-platform/server (createApp<Handlers>({ document, handlers }))
  --previous    the document the SDK in --out was generated from before: the SDK is then a
                release, its version raised by the diff engine's verdict on the change
                (breaking → major, an addition → minor, else patch; under 1.0.0, breaking →
                minor, else patch) from the folder's version, else the previous document's,
                and <out>/CHANGELOG.md gets its entry on top; one line says the version and
                the count of breaking, added and changed (an SDK's only: not with --target server)
  --changelog-entry
                with --previous, also write the release's CHANGELOG.md entry alone to <file>:
                the body of the pull request that proposes the release
  --force       overwrite a folder that holds something other than an SDK generated here

Exit status: 0 written, 2 unusable arguments or a document it cannot generate from (one line
says which: the file and place, a name two operations would share, an invalid package name).
`,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments(args, OPTIONS, { min: 0, max: 1, names: "one document" });
    const language = chooseFormat(values.language, LANGUAGES, "typescript", "--language");
    const target = chooseFormat(values.target, TARGETS, "sdk", "--target");
    const out = values.out;
    const named = positionals.length > 0 || values.input !== undefined;
    if (!named || !out)
      throw new UnusableInputError(`missing ${[...(named ? [] : ["the document"]), ...(out ? [] : ["--out"])].join(" and ")}.`);
    if (values.previous !== undefined && target === "server")
      throw new UnusableInputError("--previous releases an SDK: --target server writes none.");
    if (values["changelog-entry"] !== undefined && values.previous === undefined)
      throw new UnusableInputError("--changelog-entry writes the entry of a release: it needs --previous.");
    // Last of the checks: --input says it is the old spelling only of a command line that runs.
    const input = documentArgument("generate", positionals, { option: "input", value: values.input }, io)!;
    // Loaded on demand: only this command needs openapi-typescript and the generator.
    const generator = await import("@signing-platform/generator");
    // A missing file, a syntax error or a $ref to nowhere is reported as lint and diff report it.
    // Read as the generator reads a file (the contract's loader; a Swagger 2.0 document refused
    // with the command that converts it), before anything is written.
    const document = await asCommandInput(generator, () => generator.loadDocumentToGenerate(input));
    const previousFile = values.previous;
    const previous =
      previousFile === undefined ? undefined : await asCommandInput(generator, () => generator.loadGeneratorInput(previousFile));
    const written = await asCommandInput(generator, () =>
      generator.generate({
        input,
        document,
        outDir: out,
        target,
        language,
        force: values.force ?? false,
        ...(values.name ? { name: values.name } : {}),
        ...(previous ? { previous } : {}),
      }),
    );
    if (written.target === "server") {
      io.stdout.write(
        `Wrote the handler types of ${input} to ${join(out, "handlers.ts")}.\n` +
          "Use them: createApp<Handlers>({ document, handlers }) from @signing-platform/server.\n",
      );
      return EXIT.ok;
    }
    const next =
      language === "python"
        ? `Install it: python3 -m venv .venv && .venv/bin/pip install --no-index --no-build-isolation ${written.outDir}`
        : `Build it: cd ${written.outDir} && npm install && npm run build`;
    io.stdout.write(`Wrote ${written.name} (${written.files.length} files) to ${written.outDir}.\n${next}\n`);
    const release = written.release;
    if (release) {
      const { breaking, added, changed } = release.counts;
      io.stdout.write(
        `Released ${written.name} ${release.version} after ${release.previousVersion} (${release.bump}): ` +
          `${breaking} breaking, ${added} added, ${changed} changed; CHANGELOG.md has the entry.\n`,
      );
      if (values["changelog-entry"] !== undefined) writeFileSync(values["changelog-entry"], release.entry);
    }
    return EXIT.ok;
  },
};
