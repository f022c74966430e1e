// Types of run-corpus.mjs, for the TypeScript tests that import it (it runs as plain Node, with
// no build). TypeScript resolves an import of run-corpus.mjs to these declarations; the module's
// JSDoc takes its shared types from here.

export type Tool = "ours" | "hey-api" | "openapi-typescript";
export type Language = "typescript" | "python";

export type Step =
  | "ours-ts"
  | "ours-ts-tsc"
  | "ours-ts-readme"
  | "ours-ts-prism"
  | "ours-py"
  | "ours-py-mypy"
  | "ours-py-pyright"
  | "ours-py-readme"
  | "ours-py-prism"
  | "ours-py-async-prism"
  | "hey-api"
  | "hey-api-tsc"
  | "openapi-typescript"
  | "openapi-fetch-tsc";

export interface StepOutcome {
  ok: boolean;
  ms: number;
  /** The first error line, where the step failed. */
  error?: string;
  /** Where a checker failed: how many errors it reported. */
  errors?: number;
  /** Where pyright failed: its errors by rule. */
  rules?: Record<string, number>;
  /** For a generation of ours: the operations the SDK has. */
  operations?: number;
  /** For a generation of ours: the operations it left out, each `where`: why. */
  skipped?: string[];
  /** For a README step: the README's code blocks in the language, and how many compiled. */
  examples?: number;
  /** For a README step, the blocks that compiled; for a Prism step, the calls answered with a 2xx. */
  passed?: number;
  /** For the TypeScript README step: how long the SDK's build into dist/ took, apart from `ms`. */
  buildMs?: number;
  /** For a Prism step: the calls made. */
  calls?: number;
  /** For a Prism step: each call that failed, with its status and error. */
  failures?: string[];
}

export interface CorpusResult {
  name: string;
  /** The operations the document declares. */
  operations: number;
  steps: Partial<Record<Step, StepOutcome>>;
}

export interface CorpusEntry {
  name: string;
  /** The document's (root) file, in the folder, the archive or beside index.json. */
  file: string;
  /** A folder of its own, with the files the document references. */
  folder?: string;
  /** A multi-file document's tree, one .tar.gz. */
  archive?: string;
  licence: string;
  source: string;
  size: number;
  uncompressedSize?: number;
  /** The absolute path of the document's file, or of its archive. */
  path: string;
  /**
   * `requests`: Prism mocks the document with its responses' schemas emptied
   * (prism-calls.mjs, requestsOnlyDocument), for a document whose whole Prism cannot load.
   */
  prism?: "requests";
}

export interface RunCorpusOptions {
  /** The documents to run, all when empty. */
  names?: string[];
  languages?: readonly Language[];
  tools?: readonly Tool[];
  /** The steps of ours to run (its generations always run): all by default, or each document's by its name. */
  steps?: readonly Step[] | Readonly<Record<string, readonly Step[]>>;
  /**
   * Runs each type checker once over all the documents' SDKs, after them all, rather than over
   * each document's after it (which the bench times): each document still gets the diagnostics
   * of its own files, and each checked step's `ms` is then the shared run's.
   */
  typeCheckTogether?: boolean;
  /** Keeps each document's scratch folder, logged as `{ kept }`. */
  keep?: boolean;
  log?: (result: CorpusResult | { kept: string }) => void;
}

/** A generated SDK of ours whose type checks are still to run (typeCheckSdks), and the record they go into. */
export interface SdkToCheck {
  record: Partial<Record<Step, StepOutcome>>;
  /** The steps to run: the checks among them run. */
  steps: readonly Step[];
  /** The TypeScript SDK as installed: the scratch project and the package's name in its node_modules. */
  typescript?: { consumer: string; name: string };
  /** The Python SDK's folder, as generated (its package in src/, its README.md). */
  python?: string;
}

export const TOOLS: readonly Tool[];
export const LANGUAGES: readonly Language[];
export const STEPS: readonly Step[];
export function corpus(): CorpusEntry[];
export function countOperations(rootFile: string): number;
export function runCorpus(options?: RunCorpusOptions): CorpusResult[];
export function typeCheckSdks(sdks: SdkToCheck[], root: string): void;
export function formatTable(results: CorpusResult[]): string;
