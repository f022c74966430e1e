// `signing-platform changelog <base> <head>`: the API changelog between two versions, in
// markdown, grouped by operation with breaking changes first: what a release or a pull-request
// comment shows. The same comparison and exit status as `diff`.
import type { Command } from "../command.js";
import { DIFF_FORMATS, FAIL_ON } from "@signing-platform/diff";
import { runComparison } from "./diff.js";

export const changelog: Command = {
  name: "changelog",
  summary: "Write the API changelog between two versions of an OpenAPI document (markdown).",
  usage: `Usage: signing-platform changelog <base> <head> [--format ${DIFF_FORMATS.join("|")}] [--fail-on ${FAIL_ON.join("|")}]
                                    [the options of diff]

Writes the changes from <base> to <head> as a markdown changelog: one section per operation
or webhook, those with breaking changes first. The same as \`signing-platform diff --format
markdown\`, and it takes every option of \`diff\` (\`signing-platform diff --help\`):
--err-ignore, --warn-ignore, --severity-levels, --match-path, --exclude-elements, the prefix
options, --deprecation-days-beta/--deprecation-days-stable, --stability-level and
--base-filename/--head-filename. Like diff, it names each change's place in the .tsp source
when a document has a source map beside it.

Exit status: 0 nothing that fails, 1 a finding at or above --fail-on, 2 unusable input.
`,
  run: (args, io) => runComparison(args, io, "markdown"),
};
