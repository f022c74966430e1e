// Input the generator refuses (a missing or unreadable file, a document that is not OpenAPI
// 3, a bad package name): `signing-platform generate` answers it with this message and exit
// code 2. It is the input error every package shares, so a caller that catches one catches both.
import { UnusableInputError } from "@signing-platform/contract/input";

/** Input the generator refuses: a missing or unreadable file, a document that is not OpenAPI 3, a bad package name; the message says which. */
export class GeneratorInputError extends UnusableInputError {
  /** The class name, `GeneratorInputError`. */
  override readonly name: string = "GeneratorInputError";
}
