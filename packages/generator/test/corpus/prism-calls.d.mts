// Types of prism-calls.mjs, for the tests that import it (it runs as plain Node, with no build).

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

export const MAX_READS: number;
export function prismCli(): string;
export function startPrism(documentFile: string, logFile: string, timeoutMs?: number): PrismServer;
export function readmeOperations(markdown: string, language: "typescript" | "python"): ReadmeOperation[];
export function selectCalls(operations: ReadmeOperation[], rootFile: string): ReadmeOperation[];
export function exampleEnvironment(markdown: string): Record<string, string>;
