// @ts-check
// `npm run api:report` writes, and `npm run api:check` (run by CI) checks, one API report per
// public entry point of every published package: `<package>/api/<entry>.api.md`, made by
// @microsoft/api-extractor from the built declarations. Every export is a promise under
// semver, so a change to a public surface shows in the diff of a commit and fails CI until
// the report is written again. Every export, and every member of an exported interface or
// class, needs a TSDoc summary: both commands name each declaration api-extractor finds
// without one (`ae-undocumented`) and the source file that declares it, and fail on it.
// Needs `npm run build` first.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { Extractor, ExtractorConfig, ExtractorLogLevel } from "@microsoft/api-extractor";

const root = fileURLToPath(new URL("..", import.meta.url));
const check = process.argv.includes("--check");
const folders = [
  "packages/contract",
  "packages/types",
  "packages/validators",
  "packages/webhooks",
  "packages/server",
  "packages/client",
  "packages/generator",
  "packages/conformance",
  "packages/sandbox",
  "packages/diff",
  "packages/cli",
  "rules",
  "spec/lib",
];

/**
 * The declaration file of each entry of a package's `exports` map: [entry name, .d.ts].
 * @param {{ exports?: Record<string, string | { types?: string, import?: { types?: string } }> }} manifest
 * @returns {Array<[string, string]>}
 */
function entries(manifest) {
  return Object.entries(manifest.exports ?? {}).flatMap(([name, target]) => {
    if (name === "./package.json" || typeof target !== "object") return [];
    const types = target.types ?? target.import?.types;
    return typeof types === "string"
      ? [/** @type {[string, string]} */ ([name === "." ? "index" : name.slice(2).replaceAll("/", "-"), types])]
      : [];
  });
}

/**
 * One line naming an undocumented declaration (`Parent.member` for a member of an interface or
 * class) and the source file that declares it, from an `ae-undocumented` message: the message
 * points at the built `.d.ts`, so the `.ts` beside it under `src` is named when there is one.
 * @param {import("@microsoft/api-extractor").ExtractorMessage} message
 * @returns {string}
 */
function describeUndocumented(message) {
  const name = /"(.+)"/.exec(message.text)?.[1] ?? message.text;
  const file = message.sourceFilePath;
  if (file === undefined) return `${name}: no TSDoc summary.`;
  const line = message.sourceFileLine ?? 1;
  const lines = readFileSync(file, "utf8").split("\n");
  const indent = (/** @type {string} */ text) => text.length - text.trimStart().length;
  const own = lines[line - 1] ?? "";
  let qualified = name;
  if (indent(own) > 0) {
    for (let index = line - 2; index >= 0; index -= 1) {
      const text = lines[index] ?? "";
      if (text.trim() === "" || indent(text) >= indent(own)) continue;
      const parent = /(?:interface|class|namespace|enum)\s+([\w$]+)/.exec(text)?.[1];
      if (parent !== undefined) qualified = `${parent}.${name}`;
      break;
    }
  }
  if (!/[\\/]dist[\\/]/.test(file)) return `${relative(root, file)}:${line}: "${qualified}" has no TSDoc summary.`;
  // dist/ mirrors src/ in a TypeScript package, and the package's folder in the spec's library (JavaScript typed with JSDoc).
  const sources = [
    file.replace(/[\\/]dist[\\/](?:types[\\/])?/, "/src/").replace(/\.d\.(c|m)?ts$/, ".$1ts"),
    file.replace(/[\\/]dist[\\/]/, "/").replace(/\.d\.(c|m)?ts$/, ".$1js"),
  ];
  const source = sources.find((candidate) => existsSync(candidate));
  const where = source ? relative(root, source) : `${relative(root, file)}:${line}`;
  return `${where}: "${qualified}" has no TSDoc summary (built declaration ${relative(root, file)}:${line}).`;
}

let failed = 0;
for (const folder of folders) {
  const packageFolder = join(root, folder);
  const manifest = JSON.parse(readFileSync(join(packageFolder, "package.json"), "utf8"));
  const reportFolder = join(packageFolder, "api");
  mkdirSync(reportFolder, { recursive: true });
  for (const [entry, types] of entries(manifest)) {
    const config = ExtractorConfig.prepare({
      configObject: {
        projectFolder: packageFolder,
        mainEntryPointFilePath: join(packageFolder, types),
        compiler: {
          overrideTsconfig: {
            compilerOptions: {
              lib: ["ES2022", "DOM"],
              types: ["node"],
              skipLibCheck: true,
              module: "NodeNext",
              moduleResolution: "NodeNext",
            },
          },
        },
        apiReport: { enabled: true, reportFolder, reportTempFolder: join(root, ".tmp", "api", folder), reportFileName: `${entry}.api.md` },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        messages: {
          compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
          extractorMessageReporting: {
            default: { logLevel: ExtractorLogLevel.None },
            "ae-undocumented": {
              logLevel: ExtractorLogLevel.Error,
              addToApiReportFile: false,
            },
          },
          tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
        },
      },
      configObjectFullPath: join(packageFolder, "api-extractor.json"),
      packageJsonFullPath: join(packageFolder, "package.json"),
    });
    /** @type {string[]} */
    const undocumented = [];
    const result = Extractor.invoke(config, {
      localBuild: !check,
      showVerboseMessages: false,
      messageCallback: (message) => {
        if (message.messageId === "ae-undocumented" && message.logLevel !== ExtractorLogLevel.None) {
          undocumented.push(describeUndocumented(message));
        }
        message.handled = true;
      },
    });
    const report = relative(root, join(reportFolder, `${entry}.api.md`));
    for (const line of undocumented) console.error(line);
    if (undocumented.length > 0) {
      console.error(
        `${report}: ${undocumented.length} undocumented declaration${undocumented.length === 1 ? "" : "s"} in ${manifest.name}${entry === "index" ? "" : `/${entry}`}; every export needs a TSDoc summary (and an @example for a function), see docs/contributing.md.`,
      );
    }
    if (undocumented.length > 0) {
      failed += 1;
    } else if (check && result.apiReportChanged) {
      console.error(
        `${report}: the public API of ${manifest.name}${entry === "index" ? "" : `/${entry}`} changed; run \`npm run api:report\` and commit it.`,
      );
      failed += 1;
    } else if (result.errorCount > 0 && !result.apiReportChanged) {
      console.error(`${report}: api-extractor failed (${result.errorCount} errors).`);
      failed += 1;
    } else if (!check) console.log(`${report}${result.apiReportChanged ? " (changed)" : ""}`);
  }
}
if (failed > 0) process.exit(1);
