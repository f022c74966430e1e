// Types of histories.mjs, for the TypeScript tests that import it (it runs as plain Node, with
// no build).

export declare const HISTORY_NAMES: readonly ["openai", "github", "stripe"];
export type HistoryName = (typeof HISTORY_NAMES)[number];

export interface History {
  api: string;
  extension: "json" | "yaml";
  /** Oldest first. */
  versions: { label: string; text: string }[];
}

export declare function history(name: HistoryName): History;

/** Writes each version into `dir` as `<name>-<label>.<extension>`; the files, oldest first. */
export declare function writeHistory(name: HistoryName, dir: string): { api: string; files: { label: string; file: string }[] };
