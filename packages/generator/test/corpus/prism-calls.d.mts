// Types of prism-calls.mjs, for the TypeScript tests that import it (it runs as plain Node, with
// no build). TypeScript resolves an import of prism-calls.mjs to these declarations, from
// run-corpus.mjs too: they name every export, as the module's JSDoc types them.

export interface PrismServer {
  /** `http://127.0.0.1:<port>`, the port one the system gave. */
  url: string;
  pid: number | undefined;
  /** Prism's output so far. */
  log(): string;
  /** Stops this Prism (its own process only). */
  stop(): void;
}

export interface ReadmeOperation {
  /** `sdk.pets.list`, `client.pets.list`. */
  call: string;
  method: string;
  path: string;
  /** The README's example of the call. */
  code: string;
}

/** How a TypeScript README makes its client. */
export interface TypeScriptConstruction {
  /** The options object of its `createSdk(…)`, as written. */
  options: string;
}

/** How a Python README makes its client. */
export interface PythonConstruction {
  /** What the block writes before making its client (its imports). */
  prelude: string;
  /** The keyword arguments of its `Client(…)`, each `name=value`. */
  keywords: string[];
}

/** The line a call script prints for a call. */
export interface CallResult {
  call: string;
  ok: boolean;
  /** The HTTP status, where there was an answer (null from Python, for an error that has none). */
  status?: number | null;
  error?: string;
}

export const MAX_READS: number;
export function prismCli(): string;
export function startPrism(documentFile: string, logFile: string, timeoutMs?: number): PrismServer;
export function requestsOnlyDocument(file: string): string;
export function readmeOperations(markdown: string, language: "typescript" | "python"): ReadmeOperation[];
export function selectCalls(operations: ReadmeOperation[], rootFile: string): ReadmeOperation[];
export function clientConstruction(markdown: string, language: "typescript"): TypeScriptConstruction;
export function clientConstruction(markdown: string, language: "python"): PythonConstruction;
export function exampleEnvironment(markdown: string): Record<string, string>;
export function typeScriptCallScript(packageName: string, construction: TypeScriptConstruction, calls: ReadmeOperation[]): string;
export function awaitedExample(code: string): string;
export function pythonCallScript(
  packageName: string,
  construction: PythonConstruction,
  calls: ReadmeOperation[],
  clientClass?: "Client" | "AsyncClient",
): string;
export function callResults(output: string): CallResult[];
export function prismComplaint(log: string): string | undefined;
