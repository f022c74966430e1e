// @ts-check
// `npm run docs`: a self-contained HTML reference of generated/openapi.yaml, built with
// Redocly CLI's build-docs. Every operation gets request samples from
// @signing-platform/generator's requestSamples: curl as its `x-codeSamples`, and the
// generated SDK's call in its description. The document itself is written beside the page
// (`openapi.yaml`), for the page's download link.
// `--inlineBundle` embeds the Redoc scripts, and the attribution badge (whose logo Redoc
// fetches from its CDN) is left out, so the page loads nothing from elsewhere. Output:
// docs/reference/index.html, or `--out <file>` (relative to the current directory).
// `--input <document> --title <title>` renders another document (the sandbox's control
// API) with the same curl samples, made by the same code, and no SDK sample.
// Both pages open with where the access token of their samples comes from and links to
// both documents: a reader of either page needs nothing else to run a sample.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { requestSamples } from "@signing-platform/generator";
import YAML from "yaml";
import { generatedFiles, root } from "./build/paths.mjs";

const require = createRequire(import.meta.url);

const SDK_NAME = "signing-platform-sdk";
// Where the sandbox serves each document (packages/sandbox/src/sandbox.ts).
const PUBLIC_DOCUMENT_PATH = "/docs/openapi.yaml";
const CONTROL_DOCUMENT_PATH = "/docs/sandbox/openapi.yaml";
// Redoc renders "API docs by Redocly" with a logo from its CDN; the page stays self-contained without it.
const EMPTY_SVG = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";
// The badge hidden; samples wrap inside their column instead of scrolling sideways (a phone
// shows the samples below the operation, a desktop in a third of the width); the samples
// panel's Copy button gets a strip of its own above the code, so it never covers a line.
// Links, the search box's placeholder, the samples' highlighting and the method badges get
// the contrast WCAG AA asks for (Redoc's links are 3.9:1 and its highlighted commands 2.9:1
// in the light theme, the placeholder 2.2:1 in the dark one); the theme is a class Redoc puts
// on <html>.
const PAGE_STYLE = `<style>
a[href^="https://redocly.com/redoc"]{display:none!important}
pre,pre code{white-space:pre-wrap!important;overflow-wrap:anywhere;word-break:normal}
.code-block-header{position:static!important;display:flex;justify-content:flex-end;padding:4px 8px 0}
html.light{--link-color-primary:#0b57d0}
html.light [data-testid=search-trigger] *{color:#5c5e6b!important}
html.dark [data-testid=search-trigger] *{color:#a3a5b0!important}
html.light .th-command{color:#9a4a00!important}
html.light .th-string,html.light .property,html.light .token.string,html.light .boolean{color:#1f5fc4!important}
html.light .tag-post *{color:#1550c9!important}
html.light .tag-get *{color:#17663a!important}
html.light .tag-delete *{color:#b3261e!important}
html.light .tag-put *,html.light .tag-patch *{color:#7a4a00!important}
</style>`;
// The sidebar is a landmark of its own (Redoc leaves it a plain div), so that everything on
// the page is in one; Redoc renders after load, and again with the theme, hence the observer.
const PAGE_SCRIPT = `<script>
new MutationObserver(() => {
  const menu = document.querySelector(".menu-content:not([role])");
  if (!menu) return;
  menu.setAttribute("role", "navigation");
  menu.setAttribute("aria-label", "Reference contents");
}).observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ["role", "class"] });
</script>`;

/**
 * @typedef {{ openapi: string, info: Record<string, any>, paths: Record<string, any> } & Record<string, any>} OpenApiDocument
 * @typedef {{ sdk: boolean }} SampleOptions
 */

/** The first server's URL with each variable's default: the local sandbox. */
function defaultServerUrl(/** @type {OpenApiDocument} */ document) {
  const server = document.servers?.[0];
  if (!server) throw new Error("The document names no server: its samples would have no URL.");
  return String(server.url).replace(/\{(\w+)\}/g, (/** @type {string} */ _, /** @type {string} */ name) => {
    const value = server.variables?.[name]?.default;
    if (value === undefined) throw new Error(`The server variable ${name} has no default.`);
    return value;
  });
}

/** The server URL without the document's own prefix (`/_sandbox`): where the sandbox is. */
const sandboxUrl = (/** @type {string} */ serverUrl) => new URL(serverUrl).origin;

/**
 * The section that opens each page: both documents to download, and where `$TOKEN` comes
 * from, so that every sample below runs as written in a shell with it exported.
 */
function accessSection(/** @type {string} */ base, /** @type {SampleOptions} */ { sdk }) {
  // Short: Redoc renders the sections below the opening as they near the screen, and a long
  // opening would leave the first operations unrendered until the reader scrolls.
  return [
    `**Access token**: the samples read it from \`$TOKEN\`${sdk ? " (the SDK's from `process.env.TOKEN`)" : ""}; \`POST /_sandbox/organizations\` makes a sandbox organization and answers its \`access_token\`:`,
    "",
    "```sh",
    `export TOKEN=$(curl -s -X POST ${base}/_sandbox/organizations -H 'content-type: application/json' -d '{}' \\`,
    `  | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')`,
    "```",
    "",
    `**OpenAPI documents**: [the public API's](${base}${PUBLIC_DOCUMENT_PATH}) · [the sandbox control API's](${base}${CONTROL_DOCUMENT_PATH})`,
    "",
  ].join("\n");
}

/**
 * The document with each operation's request samples and the opening section. One piece of
 * code for both pages: curl as `x-codeSamples`; with `sdk`, the generated SDK's call in the
 * description, since Redoc's community edition shows one sample language per operation.
 */
function withSamples(/** @type {OpenApiDocument} */ document, /** @type {SampleOptions} */ options) {
  // The server's default (the local sandbox): the sandbox serves the page with its own URL in its place.
  const baseUrl = defaultServerUrl(document);
  for (const [path, byMethod] of Object.entries(requestSamples(document, { baseUrl, sdkName: SDK_NAME }))) {
    for (const [method, samples] of Object.entries(byMethod)) {
      const operation = document.paths[path][method];
      operation["x-codeSamples"] = samples.filter((sample) => sample.label === "curl");
      const sdk = samples.find((sample) => sample.label === "SDK");
      if (options.sdk && sdk)
        operation.description = `${operation.description ?? ""}\n\n**With the SDK**\n\n\`\`\`ts\n${sdk.source}\n\`\`\`\n`;
    }
  }
  document.info.description = `${accessSection(sandboxUrl(baseUrl), options)}\n${document.info.description ?? ""}`;
  return document;
}

/**
 * Builds the page of `other.input` (default: generated/openapi.yaml, with SDK samples, and
 * the document copied beside the page as openapi.yaml).
 * @param {string} [target]
 * @param {{ input: string, title: string } | null} [other]
 */
export function buildReference(target = join(root, "docs", "reference", "index.html"), other = null) {
  const output = resolve(process.cwd(), target);
  mkdirSync(dirname(output), { recursive: true });
  const cli = join(dirname(require.resolve("@redocly/cli/package.json")), "bin", "cli.js");
  const input = other ? resolve(process.cwd(), other.input) : generatedFiles().openApi;
  const document = withSamples(YAML.parse(readFileSync(input, "utf8")), { sdk: !other });
  const scratch = mkdtempSync(join(tmpdir(), "reference-"));
  const withSamplesFile = join(scratch, "openapi.yaml");
  writeFileSync(withSamplesFile, YAML.stringify(document));
  const result = spawnSync(
    process.execPath,
    [cli, "build-docs", withSamplesFile, "--inlineBundle", "--title", other?.title ?? "Signing Platform API reference", "-o", output],
    { cwd: root, encoding: "utf8", env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
  );
  rmSync(scratch, { recursive: true, force: true });
  if (result.status !== 0) throw new Error(`redocly build-docs failed:\n${result.stdout}\n${result.stderr}`);
  const html = readFileSync(output, "utf8")
    .replace(/https:\/\/cdn\.redoc\.ly\/redoc\/[\w.-]+\.svg/g, EMPTY_SVG)
    .replace("</head>", `${PAGE_STYLE}${PAGE_SCRIPT}</head>`);
  writeFileSync(output, html);
  // The document as it is, without the samples: what the page's download link gives.
  if (!other) copyFileSync(input, join(dirname(output), "openapi.yaml"));
  return output;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const option = (/** @type {string} */ name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
  const input = option("--input");
  const output = buildReference(option("--out"), input ? { input, title: option("--title") ?? input } : null);
  console.log(`API reference written to ${output}`);
}
