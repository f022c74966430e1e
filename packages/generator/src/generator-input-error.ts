// Input the generator refuses (a missing or unreadable file, a document that is not OpenAPI
// 3, a bad package name): `runGenerate` answers it with exit code 2 and this message.
export class GeneratorInputError extends Error {
  override name = "GeneratorInputError";
}
