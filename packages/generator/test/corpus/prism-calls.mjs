// @ts-check
// Calls of a generated SDK against Prism (@stoplight/prism-cli) mocking the same document: a
// few operations of the README, each called as its README example calls it, through the
// client the README's quickstart (or its "Authenticate" example) makes. Prism checks every
// request against the document and answers a wrong one with a 4xx (422 for a parameter or a
// body that breaks the schema), so a call answered with a 2xx was serialised as documented.
import { spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { parse as parseYaml } from "yaml";
import { languageBlocks } from "./readme-examples.mjs";

// The types the exports share with prism-calls.d.mts, which TypeScript reads for this module.
/** @typedef {import("./prism-calls.d.mts").PrismServer} PrismServer */
/** @typedef {import("./prism-calls.d.mts").ReadmeOperation} ReadmeOperation */
/** @typedef {import("./prism-calls.d.mts").TypeScriptConstruction} TypeScriptConstruction */
/** @typedef {import("./prism-calls.d.mts").PythonConstruction} PythonConstruction */
/** @typedef {import("./prism-calls.d.mts").CallResult} CallResult */
/** @typedef {"typescript" | "python"} Language */
/**
 * A value of a parsed document (JSON or YAML): any shape, as the document writes it.
 * @typedef {any} DocumentValue
 */

const METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"];
/** At most this many reads (GETs that need no header or cookie), and one call with a JSON body. */
export const MAX_READS = 5;

/**
 * Prism's command line, from the workspace's node_modules.
 * @returns {string}
 */
export function prismCli() {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve("@stoplight/prism-cli/package.json");
  return join(dirname(manifest), JSON.parse(readFileSync(manifest, "utf8")).bin.prism);
}

/**
 * Whether the process runs: it exists and is no zombie (Linux's /proc).
 * @param {number | undefined} pid
 */
function running(pid) {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

const pause = (/** @type {number} */ ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Starts `prism mock <document>` on a free port of the loopback interface, its output in
 * `logFile`, and waits (synchronously) until it listens, minutes for the largest documents:
 * { url, pid, log(), stop() }.
 * @param {string} documentFile
 * @param {string} logFile
 * @param {number} [timeoutMs]
 * @returns {PrismServer}
 */
export function startPrism(documentFile, logFile, timeoutMs = 300_000) {
  const out = openSync(logFile, "w");
  const child = spawn(process.execPath, [prismCli(), "mock", documentFile, "--port", "0", "-h", "127.0.0.1"], {
    stdio: ["ignore", out, out],
  });
  closeSync(out);
  const log = () => readFileSync(logFile, "utf8").replace(/\u001b\[[0-9;]*m/g, "");
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  };
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  while (Date.now() < deadline) {
    const listening = log().match(/Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/);
    if (listening) return { url: /** @type {string} */ (listening[1]), pid: child.pid, log, stop };
    // Node reaps the child only on a turn of the event loop, which this wait does not give:
    // an exited Prism is a zombie until then.
    exited = !running(child.pid);
    if (exited) break;
    pause(100);
  }
  stop();
  if (!exited) throw new Error(`prism did not start within ${Math.round(timeoutMs / 1000)} s`);
  const lines = log().split("\n").filter(Boolean);
  const error = lines.find((line) => /error|Error/.test(line)) ?? lines.at(-1) ?? "no output";
  throw new Error(`prism did not start: ${error}`);
}

const SCHEMA_REF = /"#\/components\/schemas\/([^"]+)"/g;

/**
 * The document as Prism mocks it for `"prism": "requests"` (Stripe's): every response's schema
 * and examples emptied, and the component schemas only requests still reach. Prism checks each
 * request as strictly as against the whole document (parameters and bodies are untouched) and
 * answers a 2xx whose body the SDKs do not check; it starts in seconds where the whole document,
 * its responses tied into a ring of schemas, never finishes loading.
 * @param {string} file a one-file document, JSON or YAML
 * @returns {string} the reduced document, as JSON
 */
export function requestsOnlyDocument(file) {
  const document = parseYaml(readFileSync(file, "utf8"));
  const responseMaps = [
    ...Object.values(document.paths ?? {}).flatMap((item) =>
      Object.values(item ?? {}).flatMap((operation) => (operation?.responses ? Object.values(operation.responses) : [])),
    ),
    ...Object.values(document.components?.responses ?? {}),
  ];
  for (const response of responseMaps) {
    for (const media of Object.values(response?.content ?? {})) {
      media.schema = {};
      delete media.example;
      delete media.examples;
    }
  }
  const schemas = document.components?.schemas ?? {};
  const { schemas: _all, ...otherComponents } = document.components ?? {};
  const reached = new Set([...JSON.stringify({ ...document, components: otherComponents }).matchAll(SCHEMA_REF)].map((match) => match[1]));
  for (const pending = [...reached]; pending.length > 0; ) {
    for (const [, name] of JSON.stringify(schemas[/** @type {string} */ (pending.pop())] ?? {}).matchAll(SCHEMA_REF)) {
      if (!reached.has(name)) pending.push(/** @type {string} */ (reached.add(/** @type {string} */ (name)) && name));
    }
  }
  if (document.components) document.components.schemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
  return JSON.stringify(document);
}

/**
 * An operation of the document, with its parameters (the path item's and its own) and its request body, each dereferenced.
 * @typedef {{ operation: DocumentValue, parameters: DocumentValue[], body: DocumentValue }} DocumentOperation
 */

/**
 * The document's operations, path items and parameters read across files where it is many.
 * @param {string} rootFile
 * @returns {(method: string, path: string) => DocumentOperation | undefined}
 */
function documentReader(rootFile) {
  /** @type {Map<string, DocumentValue>} */
  const files = new Map();
  const read = (/** @type {string} */ file) => {
    if (!files.has(file)) {
      const text = readFileSync(file, "utf8");
      files.set(file, file.endsWith(".json") ? JSON.parse(text) : parseYaml(text, { maxAliasCount: -1 }));
    }
    return files.get(file);
  };
  /**
   * The object `value` is or refers to, with the file it is in.
   * @param {DocumentValue} value
   * @param {string} file
   * @returns {{ value: DocumentValue, file: string }}
   */
  const deref = (value, file, depth = 0) => {
    if (depth > 20 || typeof value?.$ref !== "string") return { value, file };
    const [target, pointer = ""] = value.$ref.split("#");
    const targetFile = target ? resolve(dirname(file), target) : file;
    let found = read(targetFile);
    for (const token of pointer.split("/").filter(Boolean))
      found = found?.[decodeURIComponent(token).replace(/~1/g, "/").replace(/~0/g, "~")];
    return deref(found, targetFile, depth + 1);
  };
  return (method, path) => {
    const root = read(rootFile);
    const item = deref(root.paths?.[path], rootFile);
    const operation = item.value?.[method.toLowerCase()];
    if (!operation) return undefined;
    const parameters = [...(item.value.parameters ?? []), ...(operation.parameters ?? [])].map(
      (/** @type {DocumentValue} */ parameter) => deref(parameter, item.file).value ?? {},
    );
    const body = deref(operation.requestBody, item.file).value;
    return { operation, parameters, body };
  };
}

/**
 * The README's operations: { call, method, path, code } for each "### `sdk.x.y`" section with its example.
 * @param {string} markdown
 * @param {Language} language
 * @returns {ReadmeOperation[]}
 */
export function readmeOperations(markdown, language) {
  const prefix = language === "python" ? "client." : "sdk.";
  /** @type {ReadmeOperation[]} */
  const operations = [];
  for (const section of markdown.split(/^### /m).slice(1)) {
    const call = section.match(/^`([^`]+)`/)?.[1];
    if (!call?.startsWith(prefix)) continue;
    // Both groups match whenever the pattern does.
    const route = /** @type {[string, string, string] | null} */ (section.match(new RegExp(`\`(${METHODS.join("|")}) (/[^\`]*)\``)));
    const [block] = languageBlocks(/** @type {string} */ (section.split(/^## /m)[0]), language); // split gives one part at least
    if (route && block) operations.push({ call, method: route[1], path: route[2], code: block.code });
  }
  return operations;
}

const isJson = (/** @type {string} */ mediaType) => /^application\/(?:[\w.-]+\+)?json\b/i.test(mediaType);

/**
 * The operations to call: up to MAX_READS GETs with no required body, header or cookie
 * parameter, then the first operation whose body is JSON (and needs no header or cookie either).
 * @param {ReadmeOperation[]} operations
 * @param {string} rootFile
 * @returns {ReadmeOperation[]}
 */
export function selectCalls(operations, rootFile) {
  const operationOf = documentReader(rootFile);
  /** @type {ReadmeOperation[]} */
  const reads = [];
  /** @type {ReadmeOperation | undefined} */
  let write;
  for (const candidate of operations) {
    const found = operationOf(candidate.method, candidate.path);
    if (!found) continue;
    const needsHeader = found.parameters.some(
      (parameter) => parameter.required && (parameter.in === "header" || parameter.in === "cookie"),
    );
    if (needsHeader) continue;
    // A GET may declare a body it does not need (Stripe's declare an empty form).
    if (candidate.method === "GET" && found.body?.required !== true && reads.length < MAX_READS) reads.push(candidate);
    else if (!write && candidate.method !== "GET" && Object.keys(found.body?.content ?? {}).some(isJson)) write = candidate;
  }
  return write ? [...reads, write] : reads;
}

/**
 * The arguments inside the first `name(` … `)` of `code`, its brackets balanced, strings skipped.
 * @param {string} code
 * @param {string} name
 * @returns {string | undefined}
 */
function callArguments(code, name) {
  const start = code.indexOf(`${name}(`);
  if (start < 0) return undefined;
  let depth = 0;
  /** @type {string | undefined} */
  let quote;
  for (let i = start + name.length; i < code.length; i++) {
    const char = code.charAt(i);
    if (quote) {
      if (char === "\\") i++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'" || char === "`") quote = char;
    else if ("([{".includes(char)) depth++;
    else if (")]}".includes(char) && --depth === 0) return code.slice(start + name.length + 1, i);
  }
  return undefined;
}

/**
 * The top-level comma-separated parts of an argument list.
 * @param {string} text
 * @returns {string[]}
 */
function splitArguments(text) {
  /** @type {string[]} */
  const parts = [];
  let depth = 0;
  /** @type {string | undefined} */
  let quote;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    if (quote) {
      if (char === "\\") i++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if ("([{".includes(char)) depth++;
    else if (")]}".includes(char)) depth--;
    else if (char === "," && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/**
 * How the README makes its client, credentials included: the "Authenticate" example's
 * (`secured`) where the README has one, else the quickstart's. TypeScript: { options }, the
 * options object; Python: { prelude, keywords }, what the block writes before making its client
 * (its imports) and the keyword arguments.
 * @overload
 * @param {string} markdown
 * @param {"typescript"} language
 * @returns {TypeScriptConstruction}
 */
/**
 * @overload
 * @param {string} markdown
 * @param {"python"} language
 * @returns {PythonConstruction}
 */
/**
 * @param {string} markdown
 * @param {Language} language
 * @returns {TypeScriptConstruction | PythonConstruction}
 */
export function clientConstruction(markdown, language) {
  const blocks = languageBlocks(markdown, language);
  if (language === "python") {
    const secured = blocks.find((block) => /^secured = Client\(/m.test(block.code));
    const quickstart = blocks.find((block) => /^client = Client\(/m.test(block.code));
    const code = (secured ?? quickstart)?.code ?? "";
    const at = code.search(/^(secured|client) = Client\(/m);
    if (at < 0) return { prelude: "", keywords: [] };
    const keywords = splitArguments(callArguments(code.slice(at), "Client") ?? "").filter(
      (part) => /^[A-Za-z_]\w*\s*=(?!=)/.test(part) && !/^max_retries\b/.test(part),
    );
    // What the block writes before making its client (its imports) is needed by the arguments.
    return { prelude: code.slice(0, at).trimEnd(), keywords };
  }
  const secured = blocks.find((block) => /const secured = createSdk\(/.test(block.code));
  const quickstart = blocks.find((block) => /const sdk = createSdk\(/.test(block.code));
  const code = (secured ?? quickstart)?.code ?? "";
  const from = code.search(/const (secured|sdk) = createSdk\(/);
  return { options: from < 0 ? "{}" : (callArguments(code.slice(from), "createSdk") ?? "{}") };
}

/**
 * The environment variables the README's examples read, each given a value for the calls.
 * @param {string} markdown
 * @returns {Record<string, string>}
 */
export function exampleEnvironment(markdown) {
  /** @type {Set<string>} */
  const names = new Set();
  for (const match of markdown.matchAll(/process\.env\.([A-Z_][A-Z0-9_]*)|os\.environ(?:\.get\(|\[)\s*["']([A-Z_][A-Z0-9_]*)["']/g))
    names.add(/** @type {string} */ (match[1] ?? match[2])); // one of the alternatives matched
  names.delete("API_BASE_URL");
  return Object.fromEntries([...names].map((name) => [name, `example-${name.toLowerCase().replace(/_/g, "-")}`]));
}

/**
 * @param {string} code
 * @param {string} by
 */
const indent = (code, by) =>
  code
    .split("\n")
    .map((line) => (line ? `${by}${line}` : line))
    .join("\n");

/**
 * A TypeScript module that makes each call and prints one JSON line per call: { call, ok, status?, error? }.
 * @param {string} packageName
 * @param {TypeScriptConstruction} construction
 * @param {ReadmeOperation[]} calls
 * @returns {string}
 */
export function typeScriptCallScript(packageName, construction, calls) {
  const entries = calls.map(
    (call) => `  [${JSON.stringify(`${call.method} ${call.path} (${call.call})`)}, async () => {\n${indent(call.code, "    ")}\n  }],`,
  );
  return `import { createSdk } from ${JSON.stringify(packageName)};

// Nothing leaves the loopback interface: a request to any other host (a token endpoint the
// document names, say) is refused here, and the call fails.
const mock = process.env.PRISM_URL!;
const realFetch = globalThis.fetch;
const urlOf = (input: RequestInfo | URL) => (typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
  urlOf(input).startsWith(\`\${mock}/\`) ? realFetch(input, init) : Promise.reject(new Error(\`not sent: \${urlOf(input)} is not the mock\`));

let lastStatus: number | undefined;
const sdk = createSdk({
  ...(${construction.options}),
  baseUrl: mock,
  retry: { maxRetries: 0 },
  fetch: async (url, init) => {
    const response = await globalThis.fetch(url, init);
    lastStatus = response.status;
    return response;
  },
});

const calls: [string, () => Promise<unknown>][] = [
${entries.join("\n")}
];

for (const [call, run] of calls) {
  lastStatus = undefined;
  try {
    await run();
    const ok = lastStatus !== undefined && lastStatus >= 200 && lastStatus < 300;
    console.log(JSON.stringify({ call, ok, status: lastStatus }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.log(JSON.stringify({ call, ok: false, status: lastStatus, error: message }));
  }
}
`;
}

/**
 * A README example of a call as AsyncClient makes it: the call awaited, a list read with
 * `async for`. The README writes each call at the start of a line, in one of three ways:
 * `for item in client.…` (a list), `result = client.…`, or `client.…` (no result). An example
 * in none of them makes no call to await: it fails, rather than pass without a request.
 * @param {string} code
 * @returns {string}
 */
export function awaitedExample(code) {
  const awaited = code
    .replace(/^for (\w+) in client\./gm, "async for $1 in client.")
    .replace(/^(\w+) = client\./gm, "$1 = await client.")
    .replace(/^client\./gm, "await client.");
  return awaited === code ? `raise RuntimeError(${JSON.stringify("the example makes no call to await")})` : awaited;
}

/**
 * A Python script that makes each call and prints one JSON line per call: { call, ok, status?, error? }.
 * With `AsyncClient`, the same calls are awaited (awaitedExample) under asyncio.
 * @param {string} packageName the package's import name
 * @param {PythonConstruction} construction
 * @param {ReadmeOperation[]} calls
 * @param {"Client" | "AsyncClient"} [clientClass]
 * @returns {string}
 */
export function pythonCallScript(packageName, construction, calls, clientClass = "Client") {
  const asynchronous = clientClass === "AsyncClient";
  const keywords = [...construction.keywords, "max_retries=0"].map((part) => `    ${part},`).join("\n");
  const made = `${clientClass}(\n    os.environ["PRISM_URL"],\n${keywords}\n)`;
  const functions = calls.map((call, index) =>
    asynchronous
      ? `async def call_${index}(client: AsyncClient) -> None:\n${indent(awaitedExample(call.code), "    ")}\n`
      : `def call_${index}() -> None:\n${indent(call.code, "    ")}\n`,
  );
  const head = `${asynchronous ? "import asyncio\n" : ""}import json
import os

from ${packageName} import ${clientClass}

${construction.prelude}
`;
  const listed = `${functions.join("\n\n")}

calls = [
${calls.map((call, index) => `    (${JSON.stringify(`${call.method} ${call.path} (${call.call})`)}, call_${index}),`).join("\n")}
]
`;
  const loop = `for name, run in calls:
    try:
        ${asynchronous ? "await run(client)" : "run()"}
        print(json.dumps({"call": name, "ok": True}))
    except Exception as error:  # noqa: BLE001 - every failure is reported, not raised
        print(json.dumps({"call": name, "ok": False, "status": getattr(error, "status", None), "error": f"{type(error).__name__}: {error}"}))
`;
  if (!asynchronous) return `${head}\nclient = ${made}\n\n\n${listed}\n${loop}`;
  return `${head}\n\n${listed}\n\nasync def main() -> None:
    async with ${indent(made, "    ").trimStart()} as client:
${indent(loop, "        ")}

asyncio.run(main())
`;
}

/**
 * The JSON lines a call script printed.
 * @param {string} output
 * @returns {CallResult[]}
 */
export function callResults(output) {
  /** @type {CallResult[]} */
  const results = [];
  for (const line of output.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const parsed = JSON.parse(line);
      if (typeof parsed.call === "string") results.push(parsed);
    } catch {
      // A line of the SDK's own output.
    }
  }
  return results;
}

/**
 * Prism's first complaint about a request in its log: a violation of the request, else any error it logged.
 * @param {string} log
 * @returns {string | undefined}
 */
export function prismComplaint(log) {
  const lines = log.split("\n");
  const line =
    lines.find((entry) => /Violation: request/.test(entry)) ??
    lines.find((entry) => /✖\s+error/.test(entry) && !/Violation: response/.test(entry));
  return line
    ?.replace(/^\[[^\]]*\]\s*›\s*/, "")
    .replace(/\s+/g, " ")
    .trim();
}
