// The comparison the generic OpenAPI checks report into: both versions of the document, what
// the project judges them by, and the one list of findings, each found once.
import type { RawFinding } from "../change.js";
import type { CheckId } from "../checks/index.js";
import type { DeprecationDays } from "./deprecation-period.js";
import { DEFAULT_STABILITY_LEVEL, type Stability } from "./stability.js";
import type { UnchangedReference } from "./unchanged-references.js";
import type { Json } from "@signing-platform/contract/openapi";

/** Both versions of the document and the one list every check adds to. */
export class Comparison {
  readonly findings: RawFinding[] = [];
  private readonly seen = new Set<string>();

  constructor(
    readonly base: Json,
    readonly head: Json,
    /** The day deprecations are judged on (x-sunset). */
    readonly today: Date,
    /** Days of notice a deprecation must give, per stability level (--deprecation-days-beta, --deprecation-days-stable). */
    readonly deprecationDays: DeprecationDays = { beta: 0, stable: 0 },
    /** The lowest stability level whose changes are judged (--stability-level). */
    readonly stabilityLevel: Stability = DEFAULT_STABILITY_LEVEL,
    /** Whether two schemas are references to places written alike in both documents, which have nothing to compare. */
    readonly unchanged: UnchangedReference,
  ) {}

  /**
   * Adds a finding, once: one schema reached twice from one operation (a shared error body
   * under several statuses) is one change of that operation.
   */
  report(finding: RawFinding): void {
    const key = `${finding.id}\u0000${finding.operation ?? ""}\u0000${finding.base ?? ""}\u0000${finding.head ?? ""}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.findings.push(finding);
  }

  /**
   * This comparison, reporting each finding under the id `rename` gives it: a check shared by
   * several places (a property of a body or of an object parameter) named where it is found, as
   * oasdiff names it.
   */
  renamed(rename: (finding: RawFinding) => CheckId): Comparison {
    return this.through((finding) => ({ ...finding, id: rename(finding) }));
  }

  /**
   * This comparison, passing each finding through `change` first, which renames it or drops it
   * (undefined): what a reader cannot see of a property (readOnly in a request) is judged so.
   */
  through(change: (finding: RawFinding) => RawFinding | undefined): Comparison {
    const view = Object.create(this) as Comparison;
    view.report = (finding) => {
      const changed = change(finding);
      if (changed) this.report(changed);
    };
    return view;
  }
}
