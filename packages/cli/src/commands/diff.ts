// `signing-platform diff <base> <head>`: the breaking-change gate between two versions of an
// OpenAPI document. Exit 1 if any change is breaking, 0 if none, 2 on unusable input.
import { chooseFormat, parseCommandArguments } from "../arguments.js";
import { EXIT, type Command } from "../command.js";
import { compareDocuments } from "../diff/compare.js";
import { DIFF_FORMATS, formatDiff } from "../diff/report.js";
import { loadOpenApiDocument } from "../input/load-document.js";

export const diff: Command = {
  name: "diff",
  summary: "Report the breaking changes between two versions of an OpenAPI document.",
  usage: `Usage: signing-platform diff <base> <head> [--format ${DIFF_FORMATS.join("|")}]

Compares two versions of an OpenAPI 3 document: Redocly CLI's diff for generic changes, plus
the Signing Platform conventions (error catalogue, event types, event and resource fields,
required headers and idempotency, limit bounds, retry schedule and limits).

  git show origin/main:openapi.yaml > /tmp/base.yaml
  signing-platform diff /tmp/base.yaml openapi.yaml

Exit status: 0 no breaking change, 1 breaking changes, 2 unusable input.
`,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments(args, { format: { type: "string", short: "f" } }, { min: 2, max: 2, names: "two files, <base> and <head>" });
    const format = chooseFormat(values.format, DIFF_FORMATS, "text");
    const [base, head] = positionals.map(loadOpenApiDocument) as [ReturnType<typeof loadOpenApiDocument>, ReturnType<typeof loadOpenApiDocument>];
    const changes = await compareDocuments(base, head);
    io.stdout.write(formatDiff({ base: base.file, head: head.file, changes }, format));
    return changes.some((change) => change.breaking) ? EXIT.failed : EXIT.ok;
  },
};
