// @ts-check
// The code blocks of a generated SDK's README.md, as files a type checker can take: each block
// is one module, as a user copies it into a file of their own. A block that uses the client
// the quickstart makes (`sdk` in TypeScript, `client` in Python) without making it gets that
// client first, made as the quickstart makes it; the rest of the block is checked as written.

const TS_LANGUAGES = new Set(["ts", "typescript"]);
const PYTHON_LANGUAGES = new Set(["python", "py"]);

/**
 * A fenced block of a README.
 * @typedef {object} Block
 * @property {string} language the fence's language, lower case
 * @property {string} code
 * @property {number} line the line of its opening fence (1-based)
 * @property {string} section the heading above it
 */

/**
 * A block as a module of its own.
 * @typedef {object} ExampleFile
 * @property {string} file its name: `example-01.ts`, `example_01.py`
 * @property {string} source
 * @property {Block} block
 */

/**
 * Every fenced block of `markdown`: { language, code, line, section }, `section` the heading
 * above it and `line` the line of its opening fence (1-based).
 * @param {string} markdown
 * @returns {Block[]}
 */
export function fencedBlocks(markdown) {
  /** @type {Block[]} */
  const blocks = [];
  const lines = markdown.split("\n");
  let section = "";
  for (let i = 0; i < lines.length; i++) {
    const text = /** @type {string} */ (lines[i]); // i < lines.length
    const heading = text.match(/^#{1,6}\s+(.*)$/);
    if (heading) {
      section = /** @type {string} */ (heading[1]).trim(); // the group matches whenever the line does
      continue;
    }
    const fence = text.match(/^(```+|~~~+)\s*([\w+-]*)/);
    if (!fence) continue;
    // Both groups match whenever the line does, the language perhaps empty.
    const [, marker, language] = /** @type {[string, string, string]} */ (fence);
    const end = lines.findIndex((line, at) => at > i && line.startsWith(marker));
    if (end < 0) break;
    blocks.push({ language: language.toLowerCase(), code: lines.slice(i + 1, end).join("\n"), line: i + 1, section });
    i = end;
  }
  return blocks;
}

/**
 * The README's blocks in `language`.
 * @param {string} markdown
 * @param {"typescript" | "python"} language
 * @returns {Block[]}
 */
export function languageBlocks(markdown, language) {
  const wanted = language === "python" ? PYTHON_LANGUAGES : TS_LANGUAGES;
  return fencedBlocks(markdown).filter((block) => wanted.has(block.language));
}

const declaresSdk = (/** @type {string} */ code) => /\b(?:const|let|var)\s+sdk\b|\bfunction\s+sdk\b/.test(code);
const declaresClient = (/** @type {string} */ code) => /^client\s*(?::[^=]+)?=/m.test(code) || /^def\s+client\b/m.test(code);

/**
 * The README's TypeScript blocks as modules.
 * @param {string} markdown
 * @param {string} packageName
 * @returns {ExampleFile[]}
 */
export function typeScriptExampleFiles(markdown, packageName) {
  return languageBlocks(markdown, "typescript").map((block, index) => {
    const uses = /\bsdk\b/.test(block.code) && !declaresSdk(block.code);
    const prelude = uses
      ? `import { createSdk as createSdkOfQuickstart } from ${JSON.stringify(packageName)};\n` +
        'const sdk = createSdkOfQuickstart({ baseUrl: "http://127.0.0.1:4010" });\n'
      : "";
    // `export {}` makes every block a module, so that top-level await is allowed in each.
    const source = `${prelude}${block.code}\nexport {};\n`;
    return { file: `example-${String(index + 1).padStart(2, "0")}.ts`, source, block };
  });
}

/**
 * The README's Python blocks as modules.
 * @param {string} markdown
 * @param {string} packageName the package's import name
 * @returns {ExampleFile[]}
 */
export function pythonExampleFiles(markdown, packageName) {
  return languageBlocks(markdown, "python").map((block, index) => {
    const uses = /\bclient\b/.test(block.code.replace(/#.*$/gm, "")) && !declaresClient(block.code);
    const prelude = uses
      ? `from ${packageName} import Client as ClientOfQuickstart\n\nclient = ClientOfQuickstart("http://127.0.0.1:4010")\n\n`
      : "";
    return { file: `example_${String(index + 1).padStart(2, "0")}.py`, source: `${prelude}${block.code}\n`, block };
  });
}

/**
 * The example files a checker's output names in an error line (tsc's `file(l,c): error`, mypy's `file:l: error:`).
 * @param {string} output
 * @param {ExampleFile[]} files
 * @returns {Set<string>}
 */
export function failingFiles(output, files) {
  /** @type {Set<string>} */
  const failing = new Set();
  for (const line of output.split("\n")) {
    if (!/error/.test(line)) continue;
    for (const { file } of files) if (line.includes(`${file}(`) || line.includes(`${file}:`)) failing.add(file);
  }
  return failing;
}
