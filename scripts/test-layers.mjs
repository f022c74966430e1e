// @ts-check
// The layers of the test suite, decided by what each test file touches, so that a new test
// lands in its layer without being listed anywhere:
//   unit         no process, network, system tool or whole-program compile: the inner loop
//                (`npm run test:unit`);
//   integration  child processes, sockets on loopback, Redis, openssl, the TypeScript and
//                TypeSpec compilers run over a program;
//   e2e          a browser, the local registry, Python, the corpus of public documents.
// A file's layer is the highest of its own markers and of the test-support files it imports
// (relative imports into a test/ folder, followed transitively). Source files are not followed:
// a test that starts a server through a package's API names that API (startSandbox, listen).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));

/** @typedef {"unit" | "integration" | "e2e"} TestLayer */

/** The layers, from the one that needs least. */
export const TEST_LAYERS = /** @type {const} */ (["unit", "integration", "e2e"]);

/** The folders whose *.test.ts files are the suite. */
export const TEST_FOLDERS = ["test", "rules/test", ...readdirSync(join(root, "packages")).map((name) => `packages/${name}/test`)];

/**
 * What puts a file above the unit layer: each pattern, the layer it needs and why.
 * @type {ReadonlyArray<{ layer: TestLayer, pattern: RegExp, what: string }>}
 */
export const LAYER_MARKERS = [
  { layer: "e2e", pattern: /playwright-core|\bchromium\b/i, what: "a browser" },
  { layer: "e2e", pattern: /\binstalledPackages\b|verdaccio/, what: "the local registry" },
  { layer: "e2e", pattern: /\bpython3?\b|PYTHON3_PATH|\bmypy\b|\bpyright\b/, what: "Python" },
  { layer: "e2e", pattern: /\bcorpus\b/i, what: "the corpus of public documents" },
  { layer: "integration", pattern: /from "node:child_process"/, what: "a child process" },
  {
    layer: "integration",
    pattern: /\.listen\(|\bcreateServer\b|\bfreePort\b|\bstartSandbox\b|\btransportsOf\b/,
    what: "a socket on loopback",
  },
  { layer: "integration", pattern: /from "undici"|\bfetch\(/, what: "HTTP" },
  { layer: "integration", pattern: /\bioredis\b|redis-server|\bstartRedis\b/i, what: "Redis" },
  { layer: "integration", pattern: /\bopenssl\b/, what: "openssl" },
  // Not a process, but seconds of compute each: kept out of the inner loop.
  {
    layer: "integration",
    pattern: /from "typescript"|from "@typespec\/compiler"|scripts\/build\/generate\.mjs"/,
    what: "a compiler run over a whole program",
  },
];

/** Every *.test.ts file of the suite, repository-relative, sorted. */
export function testFiles() {
  /** @type {string[]} */
  const found = [];
  /** @param {string} folder */
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === "dist" || entry.name === "generated") continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".test.ts")) found.push(relative(root, path).split(sep).join("/"));
    }
  };
  for (const folder of TEST_FOLDERS) if (existsSync(join(root, folder))) walk(join(root, folder));
  return found.sort();
}

/**
 * The test-support files a file imports, as absolute paths: relative imports that land in a test/ folder.
 * @param {string} file absolute @param {string} text
 */
function supportImports(file, text) {
  /** @type {string[]} */
  const imports = [];
  for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
    const target = resolve(dirname(file), /** @type {string} */ (specifier)).replace(/\.js$/, ".ts");
    const candidates = [target, `${target}.ts`, join(target, "index.ts")];
    const path = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
    if (path && `${sep}${relative(root, path)}`.includes(`${sep}test${sep}`)) imports.push(path);
  }
  return imports;
}

const rank = (/** @type {TestLayer} */ layer) => TEST_LAYERS.indexOf(layer);

/**
 * The layer of each test file, with the marker that put it there.
 * @returns {Map<string, { layer: TestLayer, because?: string }>} keyed by repository-relative path
 */
export function testLayers() {
  /** @type {Map<string, { layer: TestLayer, because?: string }>} */
  const ofSupport = new Map();
  /** @param {string} file absolute @param {Set<string>} visiting */
  const layerOf = (file, visiting) => {
    const known = ofSupport.get(file);
    if (known) return known;
    const text = readFileSync(file, "utf8");
    /** @type {{ layer: TestLayer, because?: string }} */
    let found = { layer: "unit" };
    for (const marker of LAYER_MARKERS) {
      if (rank(marker.layer) > rank(found.layer) && marker.pattern.test(text))
        found = { layer: marker.layer, because: `${marker.what} (${relative(root, file)})` };
    }
    visiting.add(file);
    for (const imported of supportImports(file, text)) {
      if (visiting.has(imported)) continue;
      const inner = layerOf(imported, visiting);
      if (rank(inner.layer) > rank(found.layer)) found = inner;
    }
    visiting.delete(file);
    ofSupport.set(file, found);
    return found;
  };
  return new Map(testFiles().map((file) => [file, layerOf(join(root, file), new Set())]));
}

/** The files of one layer, repository-relative. @param {TestLayer} layer */
export function filesOfLayer(layer) {
  return [...testLayers()].filter(([, found]) => found.layer === layer).map(([file]) => file);
}

// `node scripts/test-layers.mjs`: each file's layer and why, for a contributor who wonders.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [file, { layer, because }] of testLayers()) console.log(`${layer.padEnd(11)} ${file}${because ? `  ← ${because}` : ""}`);
}
