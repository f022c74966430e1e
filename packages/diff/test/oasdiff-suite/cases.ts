// oasdiff's own checker tests as data (./cases.json, read out of its Go by ./extract.mjs), and
// how the engine runs one case: the engine's test of them (../oasdiff-suite.test.ts) and the
// bin's (packages/cli/test/diff/oasdiff-suite.test.ts) read both from here.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compareDocuments, type Finding, loadOpenApiDocument, type Stability, UnusableInputError } from "../../src/index.js";

/** This folder: the cases, the spec files they compare (data/), and deviations.json. */
export const SUITE = dirname(fileURLToPath(import.meta.url));

export type OasdiffLevel = "ERR" | "WARN" | "INFO";

/** One comparison oasdiff's tests make, and what they assert about it (see extract.mjs). */
export interface SuiteCase {
  name: string;
  file: string;
  base: string;
  revision: string;
  /** "exact": the test asserts how many changes there are (require.Len, require.Empty); "contains": only some of them. */
  match: "exact" | "contains";
  count?: number;
  /** The changes asserted; an id-less one is a change of which the test asserts only the level. */
  expected: { id?: string; level?: OasdiffLevel; operation?: string; path?: string }[];
  /** Ids the test asserts are not reported. */
  absent?: string[];
  /** Whether oasdiff reports an ERR or WARN change, when the assertions say (null: they do not). */
  breaking: boolean | null;
  /** The lowest level oasdiff reported in the test (CheckBackwardCompatibility: WARN). */
  minLevel: OasdiffLevel;
  /** "all", or the checks the test ran on their own (their ids: checkIds). */
  checks: "all" | string[];
  options?: {
    deprecationDays?: { beta: number; stable: number };
    stabilityLevel?: string;
    severityLevels?: Record<string, OasdiffLevel>;
    attributes?: string[];
    versioningPolicy?: boolean;
    diffConfig?: string;
    loadOptions?: string[];
    direct?: boolean;
  };
}

/** cases.json: where in oasdiff the cases come from, what was and was not extracted, and the cases. */
export interface Suite {
  source: { repository: string; tag: string; commit: string };
  testFunctions: number;
  skippedByReason: Record<string, number>;
  skipped: { name: string; file: string; reason: string }[];
  checkIds: Record<string, string[]>;
  cases: SuiteCase[];
}

/** The cases, with where oasdiff's repository they come from. */
export const suite = JSON.parse(readFileSync(join(SUITE, "cases.json"), "utf8")) as Suite;

/**
 * Why a case cannot be run as oasdiff ran it: an option of oasdiff the engine has no equivalent
 * for. Attributes change no finding; severity levels are already in the expected levels; a
 * deprecation period (WithDeprecation) is the engine's deprecationDays (--deprecation-days-beta,
 * -stable); a stability level threshold (StabilityLevelAlpha, …) is its stabilityLevel (--stability-level).
 */
export function outOfScope(entry: SuiteCase): string | undefined {
  const options = entry.options ?? {};
  if (options.diffConfig) return `oasdiff option: a diff configuration (${options.diffConfig})`;
  return undefined;
}

/** The case's stability level threshold as the engine names it: oasdiff's StabilityLevelBeta is beta. */
export const stabilityLevelOf = (entry: SuiteCase) =>
  entry.options?.stabilityLevel?.replace(/^StabilityLevel/, "").toLowerCase() as Stability | undefined;

/** What the engine makes of a case: its findings, or why there are none (it refused the pair, exit 2, or threw). */
export interface EngineRun {
  findings?: Finding[];
  failure?: { kind: "refused" | "threw"; message: string };
}

/** The case run through the engine, in process, with the options oasdiff's test ran it with. */
export function runEngine(entry: SuiteCase): EngineRun {
  try {
    const findings = compareDocuments(loadOpenApiDocument(join(SUITE, entry.base)), loadOpenApiDocument(join(SUITE, entry.revision)), {
      deprecationDays: entry.options?.deprecationDays ?? {},
      stabilityLevel: stabilityLevelOf(entry),
    });
    return { findings };
  } catch (error) {
    return { failure: { kind: error instanceof UnusableInputError ? "refused" : "threw", message: (error as Error).message } };
  }
}

/** The findings as a report line names them: "id (level), …", or "nothing". */
export const reportedText = (findings: Finding[]): string =>
  findings.length === 0 ? "nothing" : [...new Set(findings.map((finding) => `${finding.id} (${finding.level})`))].join(", ");
