// `signing-platform generate <openapi> --out <dir> [--name <pkg>]`: writes a
// stand-alone TypeScript SDK package for any OpenAPI 3.0 or 3.1 document. The arguments and
// the document are read here as for every command (one line, exit 2, naming the file and
// place; a document split over files is bundled into one); the work is
// @signing-platform/generator's.
import { parseCommandArguments } from "../arguments.js";
import { type Command } from "../command.js";
import { loadOpenApiDocument } from "@signing-platform/diff";
import { documentArgument, UnusableInputError } from "@signing-platform/contract/input";

const OPTIONS = {
  input: { type: "string", short: "i" },
  out: { type: "string", short: "o" },
  name: { type: "string" },
  language: { type: "string" },
  target: { type: "string" },
  force: { type: "boolean" },
} as const;

/** The document, bundled; a Swagger 2.0 one is refused with the command that converts it. */
function loadDocument(input: string): Record<string, unknown> {
  try {
    return loadOpenApiDocument(input).bundled().data;
  } catch (error) {
    if (error instanceof UnusableInputError && /: Swagger \S+ is not supported: convert the document to OpenAPI 3\.$/.test(error.message))
      throw new UnusableInputError(
        `${error.message.slice(0, -1)}, e.g. \`npx swagger2openapi --patch --outfile openapi.yaml ${input}\`, and generate from openapi.yaml.`,
      );
    throw error;
  }
}

export const generate: Command = {
  name: "generate",
  summary: "Write a stand-alone SDK package (TypeScript, or Python) for an OpenAPI 3.0 or 3.1 document, or its server handler types.",
  get usage() {
    return "Usage: signing-platform generate <openapi> --out <dir> [--name <package>] [--language typescript|python] [--target sdk|server] [--force]\n";
  },
  async run(args, io) {
    const { values, positionals } = parseCommandArguments(args, OPTIONS, { min: 0, max: 1, names: "one document" });
    const input = documentArgument("generate", positionals, { option: "input", value: values.input }, io);
    const missing = [...(input ? [] : ["the document"]), ...(values.out ? [] : ["--out"])];
    if (missing.length > 0) throw new UnusableInputError(`missing ${missing.join(" and ")}.`);
    // A missing file, a syntax error or a $ref to nowhere is reported like lint and diff report it.
    const document = loadDocument(input!);
    // Loaded on demand: only this command needs openapi-typescript and the generator.
    const { runGenerate } = await import("@signing-platform/generator");
    // The arguments as read here, the document first: the generator reads them as they are.
    const argv = [
      input!,
      ...(["out", "name", "language", "target"] as const).flatMap((option) => (values[option] ? [`--${option}`, values[option]!] : [])),
      ...(values.force ? ["--force"] : []),
    ];
    return runGenerate(argv, io, { document });
  },
};
