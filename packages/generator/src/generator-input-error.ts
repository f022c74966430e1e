// Input the generator refuses (a missing or unreadable file, a document that is not OpenAPI
// 3, a bad package name): `signing-platform generate` answers it with this message and exit
// code 2. It is the input error every package shares, so a caller that catches one catches both;
// what the contract's reader and loader refuse (a $ref that cannot be followed, a syntax error)
// is given as one, so that the generator's callers meet one class of input error.
import { UnusableInputError } from "@signing-platform/contract/input";
import { BrokenRefError } from "@signing-platform/contract/openapi";

/** Input the generator refuses: a missing or unreadable file, a document that is not OpenAPI 3, a bad package name; the message says which. */
export class GeneratorInputError extends UnusableInputError {
  /** The class name, `GeneratorInputError`. */
  override readonly name: string = "GeneratorInputError";
}

/**
 * `work`'s result; an UnusableInputError it throws (the contract's reader's or loader's) thrown
 * again as a GeneratorInputError. The loader's messages name the file already; a $ref the
 * reader cannot follow is named by its place in the document, so `input`, the file, is put first.
 */
export async function asGeneratorInput<T>(work: () => Promise<T>, input?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GeneratorInputError || !(error instanceof UnusableInputError)) throw error;
    const message = error instanceof BrokenRefError && input ? `${input}: ${error.message}` : error.message;
    throw new GeneratorInputError(message, { cause: error });
  }
}
