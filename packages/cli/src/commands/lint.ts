// `signing-platform lint [file]`: the conventions ruleset on an OpenAPI document (default: this
// package's own generated/openapi.yaml). Exit 0 without errors, 1 with errors (warnings do not
// fail), 2 on unusable input. A document with a source map beside it has each result reported
// at the .tsp source that declared it.
import { chooseFormat, parseCommandArguments } from "../arguments.js";
import { EXIT, type Command } from "../command.js";
import { defaultDocument } from "../default-document.js";
import { loadOpenApiDocument, readSourceMap } from "@signing-platform/diff";
import { UnusableInputError, place } from "@signing-platform/contract/input";
import { LINT_FORMATS } from "../lint/format-names.js";
import { atSources } from "../lint/at-sources.js";
import { formatSuppressions } from "../lint/suppressions.js";

/** Spectral's own codes for a document it could not read: reported as unusable input. */
const UNUSABLE_CODES = new Set(["parser", "invalid-ref", "unrecognized-format"]);

export const lint: Command = {
  name: "lint",
  summary: "Lint an OpenAPI document against the Signing Platform conventions.",
  usage: `Usage: signing-platform lint [file] [--format ${LINT_FORMATS.join("|")}] [--source-map <file>]

Lints an OpenAPI 3 document (YAML or JSON) with the @signing-platform/rules ruleset.
Without a file, lints this package's own OpenAPI document.

A document built from TypeSpec has a source map beside it (openapi.sourcemap.json for
openapi.yaml): each result is then reported at the .tsp file, line and column that declared
what it is about. --source-map names a map elsewhere. A map that cannot be read, of another
format version, or written for other contents of the document is ignored, with one line on
stderr. The map also lists the source's suppressions (\`#suppress "<rule>" "<reason>"\`): the
stylish format prints each, with its place and reason, after the results.

Exit status: 0 no errors (warnings allowed), 1 errors, 2 unusable input.
`,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments(
      args,
      { format: { type: "string", short: "f" }, "source-map": { type: "string" } },
      { min: 0, max: 1, names: "at most one file" },
    );
    const format = chooseFormat(values.format, LINT_FORMATS, "stylish");
    const mapFile = values["source-map"];
    if (mapFile !== undefined && mapFile.trim() === "") throw new UnusableInputError("--source-map needs a file.");
    const document = loadOpenApiDocument(positionals[0] ?? defaultDocument());
    // Spectral is loaded only when lint runs, so other commands start quickly.
    const [{ runSpectral }, { formatLintResults }] = await Promise.all([import("../lint/run-spectral.js"), import("../lint/formats.js")]);
    const results = await runSpectral(document);
    const unusable = results.find((found) => UNUSABLE_CODES.has(String(found.code)));
    if (unusable) {
      const position = { line: unusable.range.start.line + 1, column: unusable.range.start.character + 1 };
      throw new UnusableInputError(`${place(document.file, position)}: ${unusable.message}`);
    }
    const { sources, warning } = readSourceMap(document, mapFile === undefined ? undefined : { file: mapFile });
    if (warning) io.stderr.write(`${warning}\n`);
    io.stdout.write(formatLintResults(sources ? atSources(results, document.path, sources) : results, format));
    if (sources && format === "stylish") io.stdout.write(formatSuppressions(sources.suppressions));
    return results.some((found) => found.severity === 0) ? EXIT.failed : EXIT.ok;
  },
};
