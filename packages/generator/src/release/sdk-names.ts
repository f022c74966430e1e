// What an SDK calls the parts of a document a change can touch: each operation's method, as a
// user calls it, and each component schema's type. Each language's SDK says it from its own
// naming (typescript/typescript-names.ts, python/python-names.ts), so that a changelog names
// what the SDK exposes and never a name made up beside it.

/** The SDK's names of a document's operations and component schemas. */
export interface SdkNames {
  /** The method of each operation, by `GET /certificates`: `sdk.certificates.list()`. */
  methods: ReadonlyMap<string, string>;
  /** The type of each component schema, by the schema's name: `Certificate`. */
  types: ReadonlyMap<string, string>;
}
