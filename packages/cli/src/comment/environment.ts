// What the `comment` command reads from the CI job's environment, and the one line it ends with
// when something is missing: every missing or unusable variable named at once, so one run tells
// the user all there is to fix.
import { UnusableInputError } from "@signing-platform/contract/input";

export type Environment = Record<string, string | undefined>;

export class VariableCheck {
  private readonly problems: string[] = [];

  constructor(private readonly context: string) {}

  /** The value of a variable that must be set. */
  required(name: string, value: string | undefined): string {
    if (!value) this.problems.push(`${name} is not set`);
    return value ?? "";
  }

  /** A problem with a value that is set (never the value itself: it may be a token). */
  unusable(problem: string): void {
    this.problems.push(problem);
  }

  /** Throws the one line naming every problem, if there is one. */
  done(): void {
    if (this.problems.length > 0) throw new UnusableInputError(`${this.problems.join("; ")}: ${this.context}`);
  }
}

/** A token fit for a header: a line break or space in it is a paste gone wrong. */
export function checkToken(check: VariableCheck, source: string, token: string | undefined): string {
  const value = check.required(source, token);
  if (value && /[\s\p{Cc}]/u.test(value)) check.unusable(`${source} has a space or line break in it`);
  return value;
}
