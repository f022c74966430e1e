// The Python shapes of the SDK model's schemas and operations: what the view makes and the
// modules that each read one part of it (imports, rings) take, apart from the view itself.

/** A model of models.py: a TypedDict with its fields, or an alias of a type. */
export type PythonModel =
  | { name: string; kind: "typed-dict"; fields: Array<{ key: string; type: string; required: boolean }> }
  | { name: string; kind: "alias"; type: string };

export interface PythonMethod {
  name: string;
  summary: string | null;
  where: string;
  httpMethod: string;
  path: string;
  /** Whether a call needs more than the client: a path parameter, a body or a query parameter. */
  needsArguments: boolean;
  /** The parameters after `self`, in order, as Python writes them. */
  parameters: string[];
  returns: string;
  /** Where `stream=True` chooses the stream: the method's signatures for `stream: Literal[True]`, for no stream, and for either. */
  overloads: Array<{ parameters: string[]; returns: string }> | null;
  /** Whether its success may be streamed: the call goes through `open_stream` (_streaming.py). */
  streamed: boolean;
  /** The keyword arguments of the runtime's call (`request` or `paginate`). */
  call: string[];
  paginated: boolean;
  idempotent: boolean;
  /** The operation's deprecation (said in its docstring), or null. */
  deprecated: { sunset?: string } | null;
  /** One call of it in the README, with example values made from the document. */
  example: string;
  /** Whether the example calls a model's constructor (`models.VolumesExt4(…)`): its block imports `models`. */
  exampleUsesModels: boolean;
  /** For a method that streams, the README's call that asks for its stream, and the test that narrows an event where a discriminator tells them apart. */
  streamExample?: {
    call: string;
    usesModels: boolean;
    narrowing: { property: string; value: string; test: string } | null;
  };
}
