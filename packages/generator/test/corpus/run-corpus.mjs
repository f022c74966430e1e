// @ts-check
// Runs `signing-platform generate` and two other generators on the real API documents of this
// folder (index.json), so the generator is measured against what others publish and against
// what other tools make of the same document:
// - ours, TypeScript: the SDK installed from its folder into a scratch project outside the
//   repository (its dependencies from the registry), its sources compiled by tsc --strict;
//   then built into dist/ as it is published, every TypeScript block of its README compiled by
//   tsc --strict against it (readme-examples.mjs), and a few of the README's operations called
//   as it calls them against Prism mocking the document (prism-calls.mjs): each a 2xx, or the
//   request broke the document;
// - ours, Python: the package type-checked by Debian's mypy --strict and by pyright strict, every
//   Python block of its README checked by mypy --strict, and the same calls against Prism,
//   through Client and again through AsyncClient (awaited under asyncio, on Debian's httpx);
// - @hey-api/openapi-ts with its fetch client, its output compiled by tsc --strict;
// - openapi-typescript, and a minimal openapi-fetch client over its types compiled by tsc --strict.
// Each step records ok or the first error line and its wall time. Generation is timed through
// each tool's own command line, Node's start-up included for all alike.
//
//   node packages/generator/test/corpus/run-corpus.mjs [name…] [--language typescript|python]
//        [--tools ours,hey-api,openapi-typescript] [--steps ours-ts-readme,…] [--json results.json] [--keep]
// --steps runs only those steps of ours (generation always). Needs `npm run build` (the CLI runs
// from dist/), Debian's python3 with mypy, the registry or the npm cache for the generated SDK's
// dependencies, and @stoplight/prism-cli (a devDependency), which listens on 127.0.0.1 only.
// CORPUS_STEP_TIMEOUT_MS bounds each step (600 s), CORPUS_PRISM_START_MS Prism's start (300 s).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { transformSync } from "esbuild";
import { parse as parseYaml } from "yaml";
import {
  callResults,
  clientConstruction,
  exampleEnvironment,
  prismComplaint,
  requestsOnlyDocument,
  pythonCallScript,
  readmeOperations,
  selectCalls,
  startPrism,
  typeScriptCallScript,
} from "./prism-calls.mjs";
import { failingFiles, pythonExampleFiles, typeScriptExampleFiles } from "./readme-examples.mjs";
import { MYPY_STRICT } from "../python/mypy.mjs";
import { checkTogether, distinctGroups, MYPY, PYRIGHT, TSC } from "./check-together.mjs";
import { errorCode, firstError, outcome, run, withOutput } from "./step-runs.mjs";

// The types the exports share with run-corpus.d.mts, which TypeScript reads for this module.
/** @typedef {import("./run-corpus.d.mts").Tool} Tool */
/** @typedef {import("./run-corpus.d.mts").Language} Language */
/** @typedef {import("./run-corpus.d.mts").Step} Step */
/** @typedef {import("./run-corpus.d.mts").StepOutcome} StepOutcome */
/** @typedef {import("./run-corpus.d.mts").CorpusResult} CorpusResult */
/** @typedef {import("./run-corpus.d.mts").CorpusEntry} CorpusEntry */
/** @typedef {import("./run-corpus.d.mts").RunCorpusOptions} RunCorpusOptions */
/** @typedef {import("./run-corpus.d.mts").SdkToCheck} SdkToCheck */
/** @typedef {import("./step-runs.mjs").Run} Run */
/** @typedef {import("./step-runs.mjs").CheckedOutcome} CheckedOutcome */
/** @typedef {import("./prism-calls.d.mts").PrismServer} PrismServer */
/** @typedef {import("./prism-calls.d.mts").ReadmeOperation} ReadmeOperation */
/** @typedef {import("./readme-examples.mjs").ExampleFile} ExampleFile */
/** @typedef {Partial<Record<Step, StepOutcome>>} StepRecord a document's outcomes, by step */
/** @typedef {CorpusEntry & { operations: number }} MeasuredEntry the entry with the operations its document declares */
/** @typedef {() => PrismServer} PrismOfDocument the document's Prism, started by the first call; throws where it did not start */

const here = fileURLToPath(new URL(".", import.meta.url));
const repo = resolve(here, "../../../..");
// CORPUS_CLI names another build of the command, such as a commit built in a folder of its own.
const cli = process.env.CORPUS_CLI ?? join(repo, "packages", "cli", "bin", "signing-platform.js");
const tsc = join(repo, "node_modules", "typescript", "bin", "tsc");
const heyApi = join(repo, "node_modules", "@hey-api", "openapi-ts", "bin", "run.js");
const openapiTypescript = join(repo, "node_modules", "openapi-typescript", "bin", "cli.js");
const pyright = join(repo, "node_modules", "pyright", "index.js");
const PYTHON = process.env.PYTHON3_PATH ?? "/usr/bin/python3";
const NPM_QUIET = ["--no-audit", "--no-fund", "--loglevel=error"];
// The calls against Prism: a handful, each answered in milliseconds.
const PRISM_CALLS_TIMEOUT_MS = 120_000;
// Prism reads the whole document before it listens: minutes for the largest.
const PRISM_START_TIMEOUT_MS = Number(process.env.CORPUS_PRISM_START_MS ?? 300_000);

/** @type {readonly Tool[]} */
export const TOOLS = ["ours", "hey-api", "openapi-typescript"];
/** @type {readonly Language[]} */
export const LANGUAGES = ["typescript", "python"];
/**
 * The columns of the table, in order: each one step of one tool.
 * @type {readonly Step[]}
 */
export const STEPS = [
  "ours-ts",
  "ours-ts-tsc",
  "ours-ts-readme",
  "ours-ts-prism",
  "ours-py",
  "ours-py-mypy",
  "ours-py-pyright",
  "ours-py-readme",
  "ours-py-prism",
  "ours-py-async-prism",
  "hey-api",
  "hey-api-tsc",
  "openapi-typescript",
  "openapi-fetch-tsc",
];

/**
 * The documents of index.json, each with the absolute path of its (root) file.
 * @returns {CorpusEntry[]}
 */
export function corpus() {
  /** @type {Omit<CorpusEntry, "path">[]} */
  const index = JSON.parse(readFileSync(join(here, "index.json"), "utf8"));
  return index.map((entry) => ({ ...entry, path: join(here, entry.archive ? entry.archive : entry.file) }));
}

/**
 * Copies the document (its whole tree for a multi-file one) into `dir`, unpacked; returns the root file.
 * @param {CorpusEntry} entry
 * @param {string} dir
 */
function materialize(entry, dir) {
  if (entry.archive) {
    // A multi-file document, committed as one archive of its tree: unpacked whole, so that relative references resolve.
    const unpacked = spawnSync("tar", ["-xzf", join(here, entry.archive), "-C", dir], { encoding: "utf8" });
    if (unpacked.status !== 0) throw new Error(`${entry.archive}: ${unpacked.stderr}`);
    return join(dir, entry.file);
  }
  if (entry.folder) {
    // A document kept in a folder of its own with the files it references (a fixture).
    cpSync(join(here, entry.folder), dir, { recursive: true });
    return join(dir, relative(join(here, entry.folder), entry.path));
  }
  const data = readFileSync(entry.path);
  const name = basename(entry.path).replace(/\.gz$/, "");
  const file = join(dir, name);
  writeFileSync(file, entry.path.endsWith(".gz") ? gunzipSync(data) : data);
  return file;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/**
 * A parsed document (JSON or YAML): any shape, as the document writes it.
 * @param {string} file
 * @returns {any}
 */
function readDocument(file) {
  const text = readFileSync(file, "utf8");
  return file.endsWith(".json") ? JSON.parse(text) : parseYaml(text, { maxAliasCount: -1 });
}

/**
 * The operations the document declares; path items of a multi-file document are read from their files.
 * @param {string} rootFile
 * @returns {number}
 */
export function countOperations(rootFile) {
  const document = readDocument(rootFile);
  let count = 0;
  for (const item of Object.values(document.paths ?? {})) {
    let pathItem = item;
    if (typeof item?.$ref === "string" && !item.$ref.startsWith("#")) {
      const [file, pointer] = item.$ref.split("#");
      pathItem = readDocument(resolve(dirname(rootFile), file));
      for (const token of (pointer ?? "").split("/").filter(Boolean)) pathItem = pathItem?.[token.replace(/~1/g, "/").replace(/~0/g, "~")];
    }
    for (const method of METHODS) if (pathItem?.[method]) count++;
  }
  return count;
}

/**
 * The operations a generated SDK left out, as its README lists them under "Not generated:".
 * @param {string} sdkDir
 */
function skippedOperations(sdkDir) {
  const readme = join(sdkDir, "README.md");
  if (!existsSync(readme)) return [];
  const lines = readFileSync(readme, "utf8").split("\n");
  const start = lines.indexOf("Not generated:");
  if (start < 0) return [];
  const skipped = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("- ")) break;
    skipped.push(line.slice(2));
  }
  return skipped;
}

/**
 * The name a generated TypeScript SDK's package.json gives it.
 * @param {string} sdkDir
 * @returns {string}
 */
const packageName = (sdkDir) => JSON.parse(readFileSync(join(sdkDir, "package.json"), "utf8")).name;

const STRICT_TS = {
  target: "ES2022",
  lib: ["ES2022", "DOM", "DOM.Iterable"],
  types: [],
  strict: true,
  noEmit: true,
  // The generated code and what it imports, declarations included, are checked alike.
  skipLibCheck: false,
};

/**
 * tsc --strict --noEmit over `include`, from `cwd`, with the given module settings.
 * @param {string} cwd
 * @param {string[]} include
 * @param {Record<string, unknown>} moduleSettings
 * @returns {CheckedOutcome}
 */
function compile(cwd, include, moduleSettings) {
  const result = tscRun(cwd, include, moduleSettings);
  return withOutput(outcome(result, /error TS/), result.output);
}

/**
 * tsc --strict --noEmit over `include`, from `cwd`: the run.
 * @param {string} cwd
 * @param {string[]} include
 * @param {Record<string, unknown>} moduleSettings
 * @returns {Run}
 */
function tscRun(cwd, include, moduleSettings) {
  const config = join(cwd, `tsconfig.${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(config, JSON.stringify({ compilerOptions: { ...STRICT_TS, ...moduleSettings }, include, exclude: [] }));
  return run(process.execPath, [tsc, "-p", config], cwd);
}

const NODE_NEXT = { module: "NodeNext", moduleResolution: "NodeNext" };
const BUNDLER = { module: "ESNext", moduleResolution: "Bundler" };

/**
 * Installs packages into the scratch project, from the npm cache first and the registry when it lacks them.
 * @param {string} cwd
 * @param {string[]} specs
 */
function npmInstall(cwd, specs) {
  let result = run("npm", ["install", "--install-links", "--prefer-offline", ...NPM_QUIET, ...specs], cwd);
  if (!result.ok) result = run("npm", ["install", "--install-links", "--offline", ...NPM_QUIET, ...specs], cwd);
  return result;
}

/**
 * Generates and uses the TypeScript SDK; its tsc step is left to typeCheckSdks, in `sdk`.
 * @param {MeasuredEntry} entry
 * @param {string} input the document's root file
 * @param {string} work the document's scratch folder
 * @param {SdkToCheck} sdk the document's record and steps
 * @param {PrismOfDocument} prism
 */
function runOursTypeScript(entry, input, work, sdk, prism) {
  const { record, steps } = sdk;
  const sdkDir = join(work, "ours-ts");
  const generated = run(process.execPath, [cli, "generate", input, "--out", sdkDir, "--force"], work);
  record["ours-ts"] = outcome(generated);
  if (!generated.ok) return;
  const skipped = skippedOperations(sdkDir);
  record["ours-ts"].operations = entry.operations - skipped.length;
  if (skipped.length > 0) record["ours-ts"].skipped = skipped;
  // A scratch project outside the repository: nothing of the workspace can be resolved from it.
  const consumer = join(work, "consumer");
  mkdirSync(consumer, { recursive: true });
  writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "corpus-consumer", private: true, type: "module" }));
  // The README's examples read process.env: Node's types come in the same install (the
  // other steps' tsconfig names no types, so they do not see them).
  const installed = npmInstall(consumer, [sdkDir, ...(steps.includes("ours-ts-readme") ? ["@types/node@^20"] : [])]);
  if (!installed.ok) {
    record["ours-ts-tsc"] = { ...outcome(installed), error: `npm install: ${firstError(installed.output)}` };
    return;
  }
  const name = packageName(sdkDir);
  sdk.typescript = { consumer, name };
  if (!steps.includes("ours-ts-readme") && !steps.includes("ours-ts-prism")) return;
  // As the package is published: built by its own tsconfig.json (its `prepack`) into dist/.
  const installedDir = join(consumer, "node_modules", name);
  cpSync(join(sdkDir, "tsconfig.json"), join(installedDir, "tsconfig.json"));
  const built = run(process.execPath, [tsc, "-p", join(installedDir, "tsconfig.json")], installedDir);
  const readme = readFileSync(join(sdkDir, "README.md"), "utf8");
  if (!built.ok) {
    const failed = { ...outcome(built, /error TS/), error: `npm run build: ${firstError(built.output, /error TS/)}` };
    if (steps.includes("ours-ts-readme")) record["ours-ts-readme"] = failed;
    if (steps.includes("ours-ts-prism")) record["ours-ts-prism"] = failed;
    return;
  }
  // The build, which the calls need as well, is timed on its own.
  if (steps.includes("ours-ts-readme")) record["ours-ts-readme"] = { ...typeScriptReadme(consumer, name, readme), buildMs: built.ms };
  if (steps.includes("ours-ts-prism")) record["ours-ts-prism"] = typeScriptPrism(consumer, name, readme, input, prism);
}

/**
 * Every TypeScript block of the README, each a module of the scratch project, compiled by tsc --strict against the built SDK.
 * @param {string} consumer
 * @param {string} name the SDK's package name
 * @param {string} readme
 * @returns {StepOutcome}
 */
function typeScriptReadme(consumer, name, readme) {
  const started = performance.now();
  // The examples read process.env, as in Node: Node's types, as a Node project has them.
  if (!existsSync(join(consumer, "node_modules", "@types", "node", "package.json"))) {
    const installed = npmInstall(consumer, ["@types/node@^20"]);
    if (!installed.ok) return { ...outcome(installed), error: `npm install @types/node: ${firstError(installed.output)}` };
  }
  const files = typeScriptExampleFiles(readme, name);
  const dir = join(consumer, "readme-examples");
  mkdirSync(dir, { recursive: true });
  for (const { file, source } of files) writeFileSync(join(dir, file), source);
  // The SDK's declarations are its build's: the examples are what is checked here.
  const checked = compile(consumer, ["readme-examples/*.ts"], { ...NODE_NEXT, types: ["node"], skipLibCheck: true });
  const failing = failingFiles(checked.output ?? "", files);
  return examplesOutcome(checked, files, failing, performance.now() - started);
}

/**
 * The README step's outcome: ok when every block compiled, with how many did.
 * @param {CheckedOutcome} checked
 * @param {ExampleFile[]} files
 * @param {Set<string>} failing
 * @param {number} ms
 * @returns {StepOutcome}
 */
function examplesOutcome(checked, files, failing, ms) {
  // A checker stopped by the step's time limit has said nothing of any block.
  const finished = !/^timed out/.test(checked.error ?? "");
  const result = { ...checked, ms: Math.round(ms), examples: files.length, passed: finished ? files.length - failing.size : 0 };
  delete result.output;
  if (!checked.ok && result.error) {
    const first = files.find((file) => failing.has(file.file));
    if (first) result.error = `${first.block.section} (README line ${first.block.line}): ${result.error}`;
  }
  return result;
}

/**
 * Runs a call script's command against Prism and turns its lines into the step's outcome.
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @param {Record<string, string>} env
 * @param {ReadmeOperation[]} calls
 * @param {PrismOfDocument} prism
 * @returns {StepOutcome}
 */
function prismOutcome(command, args, cwd, env, calls, prism) {
  const started = performance.now();
  if (calls.length === 0) return { ok: true, ms: 0, calls: 0, passed: 0 };
  let server;
  try {
    server = prism();
  } catch (error) {
    return {
      ok: false,
      ms: Math.round(performance.now() - started),
      calls: calls.length,
      passed: 0,
      error: /** @type {Error} */ (error).message,
    };
  }
  const logFrom = server.log().length;
  const result = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    timeout: PRISM_CALLS_TIMEOUT_MS,
    env: { ...process.env, ...env, PRISM_URL: server.url },
  });
  const ms = Math.round(performance.now() - started);
  const lines = callResults(result.stdout ?? "");
  const passed = lines.filter((line) => line.ok).length;
  const failed = lines.filter((line) => !line.ok);
  /** @type {StepOutcome} */
  const outcomeOfCalls = { ok: passed === calls.length, ms, calls: calls.length, passed };
  if (failed.length > 0) {
    outcomeOfCalls.failures = failed.map(
      (line) => `${line.call}: ${line.status ?? "no answer"}${line.error ? ` ${line.error.split("\n")[0]}` : ""}`,
    );
    const complaint = prismComplaint(server.log().slice(logFrom));
    outcomeOfCalls.error = `${outcomeOfCalls.failures[0]}${complaint ? ` (prism: ${complaint})` : ""}`;
  } else if (lines.length < calls.length) {
    const output = `${result.stdout ?? ""}\n${result.stderr ?? ""}`;
    outcomeOfCalls.error = errorCode(result.error) === "ETIMEDOUT" ? `timed out after ${ms} ms` : firstError(output);
  }
  if (outcomeOfCalls.error && outcomeOfCalls.error.length > 400) outcomeOfCalls.error = `${outcomeOfCalls.error.slice(0, 397)}...`;
  return outcomeOfCalls;
}

/**
 * A few of the README's operations, called as it calls them, by the built TypeScript SDK against Prism.
 * @param {string} consumer
 * @param {string} name the SDK's package name
 * @param {string} readme
 * @param {string} input the document's root file
 * @param {PrismOfDocument} prism
 * @returns {StepOutcome}
 */
function typeScriptPrism(consumer, name, readme, input, prism) {
  const calls = selectCalls(readmeOperations(readme, "typescript"), input);
  const script = typeScriptCallScript(name, clientConstruction(readme, "typescript"), calls);
  writeFileSync(join(consumer, "prism-calls.ts"), script);
  // esbuild only strips the types: the README step is the one that type-checks the examples.
  writeFileSync(join(consumer, "prism-calls.mjs"), transformSync(script, { loader: "ts", format: "esm", target: "node20" }).code);
  return prismOutcome(process.execPath, ["prism-calls.mjs"], consumer, exampleEnvironment(readme), calls, prism);
}

/**
 * Generates and uses the Python SDK; its type checks are left to typeCheckSdks, in `sdk`.
 * @param {MeasuredEntry} entry
 * @param {string} input the document's root file
 * @param {string} work the document's scratch folder
 * @param {SdkToCheck} sdk the document's record and steps
 * @param {PrismOfDocument} prism
 */
function runOursPython(entry, input, work, sdk, prism) {
  const { record, steps } = sdk;
  const sdkDir = join(work, "ours-py");
  const generated = run(process.execPath, [cli, "generate", input, "--out", sdkDir, "--language", "python", "--force"], work);
  record["ours-py"] = outcome(generated);
  if (!generated.ok) return;
  const skipped = skippedOperations(sdkDir);
  record["ours-py"].operations = entry.operations - skipped.length;
  if (skipped.length > 0) record["ours-py"].skipped = skipped;
  sdk.python = sdkDir;
  const { src, pkg, readme } = pythonPackage(sdkDir);
  // The same calls through Client, then through AsyncClient under asyncio, against the one Prism.
  /** @type {["ours-py-prism" | "ours-py-async-prism", "Client" | "AsyncClient", string][]} */
  const clients = [
    ["ours-py-prism", "Client", "prism_calls.py"],
    ["ours-py-async-prism", "AsyncClient", "prism_calls_async.py"],
  ];
  const prismSteps = clients.filter(([step]) => steps.includes(step));
  if (prismSteps.length > 0) {
    const calls = selectCalls(readmeOperations(readme, "python"), input);
    const construction = clientConstruction(readme, "python");
    // urllib and httpx send a request to any host but the mock's through a proxy that is not
    // there: nothing leaves the loopback interface.
    const proxy = "http://127.0.0.1:9";
    const loopbackOnly = {
      http_proxy: proxy,
      https_proxy: proxy,
      HTTP_PROXY: proxy,
      HTTPS_PROXY: proxy,
      no_proxy: "127.0.0.1",
      NO_PROXY: "127.0.0.1",
    };
    const env = { ...exampleEnvironment(readme), ...loopbackOnly, PYTHONPATH: src, PYTHONDONTWRITEBYTECODE: "1" };
    for (const [step, clientClass, script] of prismSteps) {
      writeFileSync(join(sdkDir, script), pythonCallScript(pkg, construction, calls, clientClass));
      record[step] = prismOutcome(PYTHON, [script], sdkDir, env, calls, prism);
    }
  }
}

/**
 * A generated Python SDK's package: its folder, import name and README.
 * @param {string} sdkDir
 */
function pythonPackage(sdkDir) {
  const src = join(sdkDir, "src");
  // The generator writes the package there: src/<package>/__init__.py.
  const pkg = /** @type {string} */ (readdirSync(src).find((name) => existsSync(join(src, name, "__init__.py"))));
  return { sdkDir, src, pkg, readme: readFileSync(join(sdkDir, "README.md"), "utf8") };
}

/**
 * The type checks of generated SDKs: tsc --strict over each TypeScript SDK's sources as
 * installed (ours-ts-tsc); mypy --strict over each Python package (ours-py-mypy), then over
 * each block of its README, each a module (ours-py-readme); pyright strict over each package
 * (ours-py-pyright). Each checker runs once over all the SDKs, or over as few groups as keep
 * the Python packages of a run distinct in name; each step's `ms` is its run's.
 * @param {SdkToCheck[]} sdks
 * @param {string} root a folder above every SDK's, where the checkers run and write their configurations
 */
export function typeCheckSdks(sdks, root) {
  const typescript = sdks.flatMap(({ typescript: installed, record, steps }) =>
    installed && steps.includes("ours-ts-tsc")
      ? [
          {
            ...installed,
            owns: installed.consumer,
            shownFrom: installed.consumer,
            settle: (/** @type {CheckedOutcome} */ checked) => (record["ours-ts-tsc"] = checked),
          },
        ]
      : [],
  );
  checkTogether(typescript, TSC, (parts) => ({
    ...tscRun(
      root,
      parts.map(({ consumer, name }) => `${relative(root, consumer)}/node_modules/${name}/src/**/*.ts`),
      NODE_NEXT,
    ),
    cwd: root,
  }));
  const python = sdks.flatMap((sdk) => (sdk.python ? [{ ...pythonPackage(sdk.python), ...sdk }] : []));
  for (const group of distinctGroups(python, (sdk) => sdk.pkg)) {
    const wanting = (/** @type {Step} */ step) => group.filter((sdk) => sdk.steps.includes(step));
    const mypy = (/** @type {string[]} */ targets, /** @type {typeof group} */ parts) => ({
      ...run(PYTHON, [...MYPY_STRICT, ...targets], root, { ...process.env, MYPYPATH: parts.map((part) => part.src).join(":") }),
      cwd: root,
    });
    checkTogether(
      wanting("ours-py-mypy").map((sdk) => ({
        ...sdk,
        owns: sdk.src,
        shownFrom: sdk.src,
        settle: (checked) => (sdk.record["ours-py-mypy"] = checked),
      })),
      MYPY,
      (parts) =>
        mypy(
          parts.flatMap((part) => ["-p", part.pkg]),
          parts,
        ),
    );
    checkTogether(pythonReadmes(wanting("ours-py-readme")), MYPY, (parts) =>
      mypy(
        parts.flatMap((part) => part.files.map((file) => join(part.owns, file.file))),
        parts,
      ),
    );
    checkTogether(
      wanting("ours-py-pyright").map((sdk) => ({
        ...sdk,
        owns: sdk.src,
        settle: (checked) => (sdk.record["ours-py-pyright"] = pyrightOutcome(checked)),
      })),
      PYRIGHT,
      (parts) => {
        const config = join(root, "pyrightconfig.json");
        const include = parts.map((part) => relative(root, join(part.src, part.pkg)));
        // Each package's imports resolve from its own src/, as from a project of its own.
        const executionEnvironments = parts.map((part) => ({ root: relative(root, part.src) }));
        writeFileSync(config, JSON.stringify({ include, executionEnvironments, typeCheckingMode: "strict", pythonVersion: "3.11" }));
        // Debian's python3 and its packages: httpx, which the SDK's AsyncClient is typed against.
        return { ...run(process.execPath, [pyright, "--pythonpath", PYTHON, "-p", config], root), cwd: root };
      },
    );
  }
}

/**
 * The parts of the README step: every Python block of each README as a module of a package of
 * its own (`readme_<package>`, so that the modules of many documents differ in name), checked
 * by mypy --strict with the SDK importable as installed. The package's own errors are the mypy step's.
 * @template {ReturnType<typeof pythonPackage> & SdkToCheck} S
 * @param {S[]} sdks
 */
function pythonReadmes(sdks) {
  return sdks.flatMap((sdk) => {
    const files = pythonExampleFiles(sdk.readme, sdk.pkg);
    if (files.length === 0) {
      sdk.record["ours-py-readme"] = { ok: false, ms: 0, examples: 0, passed: 0, error: "the README has no Python block" };
      return [];
    }
    const dir = join(sdk.sdkDir, `readme_${sdk.pkg}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "__init__.py"), "");
    for (const { file, source } of files) writeFileSync(join(dir, file), source);
    return [
      {
        ...sdk,
        files,
        owns: dir,
        reads: [sdk.src],
        shownFrom: dir,
        settle: (/** @type {CheckedOutcome} */ checked) =>
          (sdk.record["ours-py-readme"] = examplesOutcome(checked, files, failingFiles(checked.output ?? "", files), checked.ms)),
      },
    ];
  });
}

/**
 * The pyright step's outcome, with its errors by rule: one rule broken everywhere reads differently from many broken once.
 * @param {CheckedOutcome} checked
 * @returns {StepOutcome}
 */
function pyrightOutcome(checked) {
  /** @type {Record<string, number>} */
  const rules = {};
  // A diagnostic runs from its "file:line:col - error:" line to the next one; its rule closes it.
  for (const diagnostic of (checked.output ?? "").split(/\n(?=\s*\S+:\d+:\d+ - )/)) {
    const rule = / - error: /.test(diagnostic) ? [...diagnostic.matchAll(/\((report\w+)\)/g)].at(-1)?.[1] : undefined;
    if (rule) rules[rule] = (rules[rule] ?? 0) + 1;
  }
  return Object.keys(rules).length > 0 ? { ...checked, rules } : checked;
}

/**
 * @param {string} input the document's root file
 * @param {string} work the document's scratch folder
 * @param {StepRecord} record
 */
function runHeyApi(input, work, record) {
  const out = join(work, "hey-api", "src");
  const generated = run(process.execPath, [heyApi, "-i", input, "-o", out, "-c", "@hey-api/client-fetch"], work);
  // It can exit 0 having written nothing: no sdk.gen.ts is a failure.
  if (generated.ok && !existsSync(join(out, "sdk.gen.ts"))) generated.ok = false;
  record["hey-api"] = outcome(generated, /Failed with the message:|error|Error|✗/);
  if (record["hey-api"].ok) record["hey-api-tsc"] = compile(join(work, "hey-api"), ["src/**/*.ts"], BUNDLER);
}

/**
 * @param {string} input the document's root file
 * @param {string} work the document's scratch folder
 * @param {StepRecord} record
 */
function runOpenapiTypescript(input, work, record) {
  const dir = join(work, "openapi-typescript");
  mkdirSync(dir, { recursive: true });
  const generated = run(process.execPath, [openapiTypescript, input, "-o", join(dir, "schema.d.ts")], work);
  record["openapi-typescript"] = outcome(generated);
  if (!generated.ok) return;
  // openapi-fetch resolves from the scratch project that the SDK's install filled, or is installed there.
  const consumer = join(work, "consumer");
  if (!existsSync(join(consumer, "node_modules", "openapi-fetch"))) {
    mkdirSync(consumer, { recursive: true });
    if (!existsSync(join(consumer, "package.json")))
      writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "corpus-consumer", private: true, type: "module" }));
    npmInstall(consumer, ["openapi-fetch@^0.17.0"]);
  }
  cpSync(join(dir, "schema.d.ts"), join(consumer, "schema.d.ts"));
  writeFileSync(
    join(consumer, "openapi-fetch-client.ts"),
    'import createClient from "openapi-fetch";\nimport type { paths } from "./schema.js";\n\nexport const client = createClient<paths>({ baseUrl: "http://127.0.0.1:1" });\n',
  );
  record["openapi-fetch-tsc"] = compile(consumer, ["openapi-fetch-client.ts", "schema.d.ts"], NODE_NEXT);
}

/** @type {PrismServer | undefined} */
let prismServer;

/**
 * The file Prism mocks: the document, or for an entry marked `"prism": "requests"` its requests only.
 * @param {CorpusEntry} entry
 * @param {string} input
 * @param {string} work
 */
function prismDocument(entry, input, work) {
  if (entry.prism !== "requests") return input;
  const reduced = join(work, "prism-requests.json");
  writeFileSync(reduced, requestsOnlyDocument(input));
  return reduced;
}

/**
 * Whether the steps are one list for every document, rather than each document's by its name.
 * @param {NonNullable<RunCorpusOptions["steps"]>} steps
 * @returns {steps is readonly Step[]}
 */
const isStepList = (steps) => Array.isArray(steps);

/**
 * Runs the chosen tools on the named documents (all when `names` is empty) and returns one
 * record a document: { name, operations, steps: { [step]: { ok, ms, error?, operations? } } }.
 * @param {RunCorpusOptions} [options]
 * @returns {CorpusResult[]}
 */
export function runCorpus({
  names = [],
  languages = LANGUAGES,
  tools = TOOLS,
  steps = STEPS,
  typeCheckTogether = false,
  keep = false,
  log = () => {},
} = {}) {
  const entries = corpus().filter((entry) => names.length === 0 || names.includes(entry.name));
  const missing = names.filter((name) => !entries.some((entry) => entry.name === name));
  if (missing.length > 0) throw new Error(`not in the corpus: ${missing.join(", ")}`);
  const stepsOf = (/** @type {string} */ name) => (isStepList(steps) ? steps : (steps[name] ?? []));
  /** @type {CorpusResult[]} */
  const results = [];
  // Each document's scratch folder is in the run's, where the type checkers run over them.
  const root = mkdtempSync(join(tmpdir(), "corpus-"));
  /** @type {{ sdk: SdkToCheck, result: CorpusResult, work: string }[]} */
  let ready = [];
  const typeCheckReady = () => {
    typeCheckSdks(
      ready.map(({ sdk }) => sdk),
      root,
    );
    for (const { result, work } of ready) {
      // Error lines name files relative to the scratch folder, the same from one run to the next.
      for (const step of Object.values(result.steps)) if (step.error) step.error = step.error.split(`${work}/`).join("");
      results.push(result);
      log(result);
      if (keep) log({ kept: work });
      else rmSync(work, { recursive: true, force: true });
    }
    ready = [];
  };
  try {
    for (const entry of entries) {
      const work = join(root, entry.name);
      const documentDir = join(work, "document");
      mkdirSync(documentDir, { recursive: true });
      const input = materialize(entry, documentDir);
      const operations = countOperations(input);
      /** @type {SdkToCheck} */
      const sdk = { record: {}, steps: stepsOf(entry.name) };
      const measured = { ...entry, operations };
      // One Prism for the document, started by the first step that calls it, stopped below;
      // one that did not start is not tried again by the next step.
      // Cast, so that it keeps its declared type after this reset: the closure below assigns it, unseen by the checker.
      prismServer = /** @type {PrismServer | undefined} */ (undefined);
      /** @type {unknown} */
      let prismFailure;
      const prism = () => {
        if (prismFailure) throw prismFailure;
        try {
          prismServer ??= startPrism(prismDocument(entry, input, work), join(work, "prism.log"), PRISM_START_TIMEOUT_MS);
        } catch (error) {
          prismFailure = error;
          throw error;
        }
        return prismServer;
      };
      if (tools.includes("ours") && languages.includes("typescript")) runOursTypeScript(measured, input, work, sdk, prism);
      if (tools.includes("ours") && languages.includes("python")) runOursPython(measured, input, work, sdk, prism);
      prismServer?.stop();
      if (tools.includes("hey-api")) runHeyApi(input, work, sdk.record);
      if (tools.includes("openapi-typescript")) runOpenapiTypescript(input, work, sdk.record);
      ready.push({ sdk, result: { name: entry.name, operations, steps: sdk.record }, work });
      if (!typeCheckTogether) typeCheckReady();
    }
    typeCheckReady();
  } finally {
    prismServer?.stop();
    if (!keep) rmSync(root, { recursive: true, force: true });
  }
  return results;
}

/**
 * The steps that count examples or calls: [step, label, field of the total, field of the successes].
 * @type {[Step, string, "examples" | "calls", "passed"][]}
 */
const USAGE_STEPS = [
  ["ours-ts-readme", "TS examples", "examples", "passed"],
  ["ours-py-readme", "Python examples", "examples", "passed"],
  ["ours-ts-prism", "TS calls", "calls", "passed"],
  ["ours-py-prism", "Python calls", "calls", "passed"],
  ["ours-py-async-prism", "Python async calls", "calls", "passed"],
];

const cell = (/** @type {StepOutcome | undefined} */ step) => (step === undefined ? "-" : step.ok ? `ok ${step.ms}` : `FAIL ${step.ms}`);

const byRule = (/** @type {Record<string, number> | undefined} */ rules) =>
  rules
    ? `: ${Object.entries(rules)
        .sort((a, b) => b[1] - a[1])
        .map(([rule, count]) => `${rule} ${count}`)
        .join(", ")}`
    : "";

/**
 * The table (document × step: ok or FAIL, ms), the first error of each failure, and the success counts.
 * @param {CorpusResult[]} results
 * @returns {string}
 */
export function formatTable(results) {
  const header = ["document", "ops", "ours ops ts/py", ...STEPS];
  const rows = results.map((result) => [
    result.name,
    String(result.operations),
    `${result.steps["ours-ts"]?.operations ?? "-"}/${result.steps["ours-py"]?.operations ?? "-"}`,
    ...STEPS.map((step) => cell(result.steps[step])),
  ]);
  const counts = [
    "ok",
    "",
    "",
    ...STEPS.map((step) => {
      const ran = results.filter((result) => result.steps[step]);
      return `${ran.filter((result) => result.steps[step]?.ok).length}/${ran.length}`;
    }),
  ];
  const all = [header, ...rows, counts];
  // Every row has a cell in each column of the header.
  const widths = header.map((_, column) => Math.max(...all.map((row) => /** @type {string} */ (row[column]).length)));
  const line = (/** @type {string[]} */ row) =>
    row
      .map((text, column) => text.padEnd(/** @type {number} */ (widths[column])))
      .join("  ")
      .trimEnd();
  const out = [line(header), ...rows.map(line), line(counts)];
  const usage = results
    .map((result) => {
      const parts = USAGE_STEPS.flatMap(([step, label, total, passed]) => {
        const outcomeOfStep = result.steps[step];
        return outcomeOfStep?.[total] === undefined ? [] : [`${label} ${outcomeOfStep[passed]}/${outcomeOfStep[total]}`];
      });
      return parts.length > 0 ? `- ${result.name}: ${parts.join(", ")}` : undefined;
    })
    .filter((summary) => summary !== undefined);
  if (usage.length > 0) out.push("", "README examples that compile, and calls Prism answered with a 2xx (ok/total):", ...usage);
  out.push("", "First error of each failure:");
  for (const result of results)
    for (const step of STEPS) {
      const outcomeOfStep = result.steps[step];
      if (outcomeOfStep && !outcomeOfStep.ok)
        out.push(
          `- ${result.name} ${step}: ${outcomeOfStep.error}${outcomeOfStep.errors === undefined ? "" : ` (${outcomeOfStep.errors} errors${byRule(outcomeOfStep.rules)})`}`,
        );
    }
  return out.join("\n");
}

/**
 * The command line's options (its values unchecked: a wrong one fails where it is used).
 * @typedef {{ names: string[], languages: readonly Language[], tools: readonly Tool[], steps: readonly Step[], json: string | undefined, keep: boolean }} CommandLine
 */

/**
 * @param {string[]} argv
 * @returns {CommandLine}
 */
function parseArguments(argv) {
  /** @type {CommandLine} */
  const options = { names: [], languages: LANGUAGES, tools: TOOLS, steps: STEPS, json: undefined, keep: false };
  for (let i = 0; i < argv.length; i++) {
    const argument = /** @type {string} */ (argv[i]); // i < argv.length
    if (argument === "--json") options.json = argv[++i];
    else if (argument === "--language") options.languages = [/** @type {Language} */ (argv[++i])];
    else if (argument === "--tools") options.tools = /** @type {Tool[]} */ (/** @type {string} */ (argv[++i]).split(","));
    else if (argument === "--steps") options.steps = /** @type {Step[]} */ (/** @type {string} */ (argv[++i]).split(","));
    else if (argument === "--keep") options.keep = true;
    else options.names.push(argument);
  }
  return options;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = parseArguments(process.argv.slice(2));
  const started = Date.now();
  const results = runCorpus({
    ...options,
    log: (result) => {
      if ("kept" in result) console.error(`  kept ${result.kept}`);
      else console.error(`${result.name}: ${STEPS.map((step) => `${step} ${cell(result.steps[step])}`).join(", ")}`);
    },
  });
  console.log(formatTable(results));
  console.log(`\n${results.length} documents in ${Math.round((Date.now() - started) / 1000)} s`);
  if (options.json) {
    const sizes = Object.fromEntries(corpus().map((entry) => [entry.name, entry.size]));
    const report = { node: process.version, date: new Date().toISOString(), results: results.map((r) => ({ ...r, size: sizes[r.name] })) };
    writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
  }
}
