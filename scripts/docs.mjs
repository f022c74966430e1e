// `npm run docs`: a self-contained HTML reference of generated/openapi.yaml, built with
// Redocly CLI's build-docs. Every operation gets request samples from
// @signing-platform/generator's requestSamples: curl as its `x-codeSamples`, and the
// generated SDK's call in its description.
// `--inlineBundle` embeds the Redoc scripts, and the attribution badge (whose logo Redoc
// fetches from its CDN) is left out, so the page loads nothing from elsewhere. Output:
// docs/reference/index.html, or `--out <file>` (relative to the current directory).
// `--input <document> --title <title>` renders another document as it is (the sandbox's
// control API), without samples.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { requestSamples } from "@signing-platform/generator";
import YAML from "yaml";
import { generatedFiles, root } from "./build/paths.mjs";

const require = createRequire(import.meta.url);

const SDK_NAME = "signing-platform-sdk";
// Redoc renders "API docs by Redocly" with a logo from its CDN; the page stays self-contained without it.
const EMPTY_SVG = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";
const HIDE_BADGE = '<style>a[href^="https://redocly.com/redoc"]{display:none!important}</style>';

/** The document with each operation's request samples, written to a scratch file. */
function documentWithSamples(scratch) {
  const document = YAML.parse(readFileSync(generatedFiles().openApi, "utf8"));
  // The server's default (the local sandbox): the sandbox serves the page with its own URL in its place.
  const baseUrl = document.servers[0].variables.base_url.default;
  for (const [path, byMethod] of Object.entries(requestSamples(document, { baseUrl, sdkName: SDK_NAME }))) {
    for (const [method, samples] of Object.entries(byMethod)) {
      const operation = document.paths[path][method];
      // curl in the samples panel; the SDK's call in the description, since Redoc's community
      // edition shows one sample language per operation.
      operation["x-codeSamples"] = samples.filter((sample) => sample.label === "curl");
      const sdk = samples.find((sample) => sample.label === "SDK");
      if (sdk) operation.description = `${operation.description ?? ""}\n\n**With the SDK**\n\n\`\`\`ts\n${sdk.source}\n\`\`\`\n`;
    }
  }
  const file = join(scratch, "openapi.yaml");
  writeFileSync(file, YAML.stringify(document));
  return file;
}

export function buildReference(target = join(root, "docs", "reference", "index.html"), other = null) {
  const output = resolve(process.cwd(), target);
  mkdirSync(dirname(output), { recursive: true });
  const cli = join(dirname(require.resolve("@redocly/cli/package.json")), "bin", "cli.js");
  const scratch = mkdtempSync(join(tmpdir(), "reference-"));
  const result = spawnSync(
    process.execPath,
    [
      cli,
      "build-docs",
      other ? resolve(process.cwd(), other.input) : documentWithSamples(scratch),
      "--inlineBundle",
      "--title",
      other?.title ?? "Signing Platform API reference",
      "-o",
      output,
    ],
    { cwd: root, encoding: "utf8", env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
  );
  rmSync(scratch, { recursive: true, force: true });
  if (result.status !== 0) throw new Error(`redocly build-docs failed:\n${result.stdout}\n${result.stderr}`);
  const html = readFileSync(output, "utf8")
    .replace(/https:\/\/cdn\.redoc\.ly\/redoc\/[\w.-]+\.svg/g, EMPTY_SVG)
    .replace("</head>", `${HIDE_BADGE}</head>`);
  writeFileSync(output, html);
  return output;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
  const input = option("--input");
  const output = buildReference(option("--out"), input ? { input, title: option("--title") ?? input } : null);
  console.log(`API reference written to ${output}`);
}
