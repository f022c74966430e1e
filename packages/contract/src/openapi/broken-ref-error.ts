// A `$ref` the reader cannot follow is the document's fault, so it is input the commands
// cannot work with (exit 2, one line): the error says which `$ref`, where it is written and
// why, and carries each as a field for a caller that words it its own way.
import { UnusableInputError } from "../input/unusable-input.js";

/** Why a `$ref` cannot be followed: it names nothing in the document, a place outside it, or itself through a chain of references. */
export type BrokenRefReason = "missing" | "outside" | "cycle";

const REASONS: Record<BrokenRefReason, string> = {
  missing: "points to nothing",
  outside: "points outside the document: only references inside it (#/…) are followed, so bundle a split document first",
  cycle: "is part of a cycle of references",
};

/** A `$ref` that cannot be followed; the message is one line: where it is written, the `$ref` and why. */
export class BrokenRefError extends UnusableInputError {
  /** The class name, `BrokenRefError`. */
  override readonly name: string = "BrokenRefError";
  /** The `$ref` as the document writes it: `#/components/schemas/Missing`. */
  readonly ref: string;
  /** Why it cannot be followed. */
  readonly reason: BrokenRefReason;
  /** Where the `$ref` is written: a JSON pointer, or the caller's name for the place; undefined when not known. */
  readonly at: string | undefined;
  /** What is wrong, without the place, for a caller that words the place its own way: `$ref #/components/schemas/Missing points to nothing`. */
  readonly problem: string;

  /** The error for `ref`, written at `at`. */
  constructor(ref: string, reason: BrokenRefReason, at?: string) {
    const problem = `$ref ${ref} ${REASONS[reason]}`;
    super(`${at ? `${at}: ` : ""}${problem}.`);
    this.ref = ref;
    this.reason = reason;
    this.at = at;
    this.problem = problem;
  }
}
