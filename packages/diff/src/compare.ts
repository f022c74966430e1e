// `signing-platform diff` itself: the generic OpenAPI checks (./openapi, oasdiff's catalogue)
// and the convention checks (./conventions), run in this process on the two loaded documents.
// Nothing here reads a configuration file or the working directory, so the verdict is the same
// wherever the command runs: what a project changes (levels, paths, deprecation periods) comes
// in as options, from the command line.
// Two documents with nothing in common are compared like any others: everything in the base is
// removed, everything in the head added. Whether they are two versions of one API is the
// user's to say, not ours to guess.
import { LEVELS, levelOf } from "./checks/index.js";
import type { LoadedDocument } from "@signing-platform/contract/openapi-loader";
import type { Finding, Place, RawFinding } from "./change.js";
import { conventionChanges } from "./conventions/index.js";
import { withoutExtensions, type ExcludedElement } from "./exclude-elements.js";
import { pairOperations, type PathOptions } from "./operation-pairs.js";
import { openApiFindings, type DeprecationDays } from "./openapi/index.js";
import { DEFAULT_STABILITY_LEVEL, isJudgedPair, STABILITY_LEVELS, type Stability } from "./openapi/stability.js";
import { versioningFinding } from "./openapi/versioning.js";
import type { SeverityLevel } from "./severity-levels.js";
import { UnusableInputError } from "@signing-platform/contract/input";

/** Options of {@link compareDocuments}: the day deprecations are judged on, level changes, path matching and elements left out. */
export interface CompareOptions {
  /** The day deprecations are judged on (x-sunset); today by default. */
  today?: Date;
  /** Levels that replace the checks' own, by check id (--severity-levels); "none" drops the check's findings. */
  levels?: ReadonlyMap<string, SeverityLevel>;
  /** Which paths are compared, and under which name (--match-path and the prefix options). */
  paths?: PathOptions;
  /** Kinds of change left out (--exclude-elements). */
  exclude?: ReadonlySet<ExcludedElement>;
  /** Days of notice a deprecation must give per stability level (--deprecation-days-beta, --deprecation-days-stable); 0 by default, as in oasdiff. */
  deprecationDays?: Partial<DeprecationDays>;
  /**
   * The lowest x-stability-level whose operations are judged (--stability-level); beta by default,
   * as in oasdiff. A kept operation the head marks below it, or a removed one the base marked so,
   * is left free, and a change of level is reported only from a level at or above it.
   */
  stabilityLevel?: Stability;
}

function placeIn(document: LoadedDocument, pointer: string | undefined): Place | undefined {
  return pointer === undefined ? undefined : document.bundled().placeOf(pointer);
}

/**
 * Every finding of the change from `base` to `head`: the generic OpenAPI checks and those of the x-signing-platform-* conventions, each with its level and where it is in each version.
 * @example
 * ```ts
 * import { compareDocuments, formatDiff, loadOpenApiDocument } from "@signing-platform/diff";
 *
 * const findings = compareDocuments(loadOpenApiDocument("base.yaml"), loadOpenApiDocument("head.yaml"));
 * process.stdout.write(formatDiff({ base: "base.yaml", head: "head.yaml", findings, failOn: "breaking" }, "text"));
 * ```
 */
export function compareDocuments(base: LoadedDocument, head: LoadedDocument, options: CompareOptions = {}): Finding[] {
  const {
    today = new Date(),
    levels = new Map(),
    paths = {},
    exclude = new Set(),
    deprecationDays = {},
    stabilityLevel = DEFAULT_STABILITY_LEVEL,
  } = options;
  // Checked here too, for callers without the type: any other value would judge every operation.
  if (!(STABILITY_LEVELS as readonly string[]).includes(stabilityLevel))
    throw new UnusableInputError(`stability level "${stabilityLevel}": use one of ${STABILITY_LEVELS.join(", ")}.`);
  /** The finding's level in this project, or undefined when --severity-levels turns its check off. */
  const levelFor = (id: string): Finding["level"] | undefined => {
    const level = levels.get(id) ?? levelOf(id);
    return level === "none" ? undefined : level;
  };
  // The generic checks compare whole documents: files the documents reference included.
  const [baseData, headData] = [base.bundled().data, head.bundled().data];
  const days = { beta: deprecationDays.beta ?? 0, stable: deprecationDays.stable ?? 0 };
  const raws = openApiFindings(baseData, headData, pairOperations(baseData, headData, paths), {
    today,
    deprecationDays: days,
    stabilityLevel,
  });
  /** A check's finding, placed in its files at this project's level; none when --severity-levels turns it off. */
  const placed =
    (source: Finding["source"]) =>
    (raw: RawFinding): Finding[] => {
      const level = levelFor(raw.id);
      if (!level) return [];
      return [
        {
          id: raw.id,
          level,
          ...(raw.operation !== undefined ? { operation: raw.operation } : {}),
          message: raw.message,
          source,
          ...(raw.base !== undefined ? { base: placeIn(base, raw.base) } : {}),
          ...(raw.head !== undefined ? { head: placeIn(head, raw.head) } : {}),
        },
      ];
    };
  const generic = raws.flatMap(placed("openapi"));
  // Convention checks read the documents as written (their root extensions), without what --exclude-elements leaves out.
  const [before, after] = exclude.has("extensions") ? [withoutExtensions(base.data), withoutExtensions(head.data)] : [base.data, head.data];
  const judged = pairOperations(before, after, paths).filter((pair) => isJudgedPair(pair, stabilityLevel));
  const conventions = conventionChanges(before, after, judged).flatMap(placed("conventions"));
  const all = [...generic, ...conventions];
  // The versioning policy reads the verdict of every other check, at this project's levels.
  const versioning = all.some((finding) => finding.level === "breaking") ? versioningFinding(baseData, headData) : undefined;
  if (versioning) all.push(...placed("openapi")(versioning));
  return LEVELS.flatMap((level) => all.filter((finding) => finding.level === level));
}
