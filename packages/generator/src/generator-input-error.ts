// Input the generator refuses (a missing or unreadable file, a document that is not OpenAPI
// 3, a bad package name): `runGenerate` answers it with exit code 2 and this message.
/** Input the generator refuses: a missing or unreadable file, a document that is not OpenAPI 3, a bad package name; the message says which. */
export class GeneratorInputError extends Error {
  /** The class name, `GeneratorInputError`. */
  override name = "GeneratorInputError";
}
