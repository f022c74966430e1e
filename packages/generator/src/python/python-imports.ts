// What models.py and _api.py import: only the names their code uses, since pyright in strict
// mode reports every import that is not (reportUnusedImport), and a document without enums,
// aliases, pagination, models in its signatures or a kind of security scheme uses fewer.
import { asyncType } from "./python-async.js";
import type { PythonSecurity } from "./python-security.js";
import type { PythonMethod, PythonModel } from "./python-shapes.js";

export interface PythonImports {
  /** From `typing` in models.py. */
  modelTyping: string[];
  /** From `typing` (3.11 and later) or `typing_extensions` in models.py. */
  modelExtensions: string[];
  /** From `typing` in _api.py. */
  apiTyping: string[];
  /** Whether _api.py names a builtin through `builtins.` (a method may be named `list`). */
  apiBuiltins: boolean;
  /** Whether _api.py names a model (`models.Pet`): a document may have none, or use none in a signature. */
  apiModels: boolean;
  /** From the runtime's `_security` in _api.py: the authorizer, and the types of `Client`'s credential arguments. */
  apiSecurity: string[];
  /** Whether models.py and _api.py name the runtime's FileInput (a binary field or body). */
  modelFileInput: boolean;
  apiFileInput: boolean;
  /** From the runtime's `_streaming` in _api.py: the EventStream type, and what streamed calls go through. */
  apiStreaming: string[];
  /** From `typing` in _async_api.py. */
  asyncApiTyping: string[];
  /** From the runtime's `_async_streaming` in _async_api.py: the AsyncEventStream type, and what streamed calls go through. */
  asyncApiStreaming: string[];
  /** From the runtime's `_security` in _async_api.py: the types of `AsyncClient`'s credential arguments. */
  asyncApiSecurity: string[];
}

const uses = (texts: string[], name: string) => texts.some((text) => new RegExp(`\\b${name}\\b`).test(text));

export function pythonImports(models: PythonModel[], methods: PythonMethod[], security: PythonSecurity): PythonImports {
  const modelTypes = models.flatMap((model) => (model.kind === "alias" ? [model.type] : model.fields.map((field) => field.type)));
  const typedDicts = models.filter((model) => model.kind === "typed-dict");
  const signatures = methods.flatMap((method) => [
    ...method.parameters,
    method.returns,
    ...(method.overloads ?? []).flatMap((overload) => [...overload.parameters, overload.returns]),
  ]);
  const credentials = security.options.map((option) => option.type);
  const asyncSignatures = signatures.map(asyncType);
  const credentialTypes = ["OAuth2ClientCredentials", "TokenSource"].filter((name) => uses(credentials, name));
  return {
    modelTyping: [
      ...(uses(modelTypes, "Any") ? ["Any"] : []),
      ...(uses(modelTypes, "Literal") ? ["Literal"] : []),
      ...(models.some((model) => model.kind === "alias") ? ["TypeAlias"] : []),
    ],
    modelExtensions: [
      ...(typedDicts.some((model) => model.kind === "typed-dict" && model.fields.some((field) => !field.required)) ? ["NotRequired"] : []),
      ...(typedDicts.length > 0 ? ["TypedDict"] : []),
    ],
    // API_DESCRIPTION is a dict[str, Any], Client's `sleep` a Callable, every method's `headers` a Mapping.
    apiTyping: [
      "Any",
      "Callable",
      ...(methods.some((method) => method.paginated) || uses(signatures, "Iterator") ? ["Iterator"] : []),
      ...(uses(signatures, "Literal") ? ["Literal"] : []),
      "Mapping",
      ...(methods.some((method) => method.overloads) ? ["overload"] : []),
    ],
    apiBuiltins: signatures.some((text) => text.includes("builtins.")),
    apiModels: signatures.some((text) => text.includes("models.")),
    apiSecurity: security.table ? ["Authorizer", ...credentialTypes] : [],
    modelFileInput: uses(modelTypes, "FileInput"),
    apiFileInput: uses(signatures, "FileInput"),
    apiStreaming: [
      ...(uses(signatures, "EventStream") ? ["EventStream"] : []),
      ...(methods.some((method) => method.streamed) ? ["open_stream"] : []),
      ...(methods.some((method) => method.overloads) ? ["stream_requested"] : []),
    ],
    // AsyncClient's `sleep` is a Callable returning an Awaitable, every method's `headers` a
    // Mapping; its credentials are a dict[str, Any] where the document has schemes.
    asyncApiTyping: [
      ...(security.table || uses(asyncSignatures, "Any") ? ["Any"] : []),
      ...(uses(asyncSignatures, "AsyncIterator") ? ["AsyncIterator"] : []),
      "Awaitable",
      "Callable",
      ...(uses(asyncSignatures, "Literal") ? ["Literal"] : []),
      "Mapping",
      ...(methods.some((method) => method.overloads) ? ["overload"] : []),
    ],
    asyncApiStreaming: [
      ...(uses(asyncSignatures, "AsyncEventStream") ? ["AsyncEventStream"] : []),
      ...(methods.some((method) => method.streamed) ? ["open_stream_async"] : []),
    ],
    asyncApiSecurity: credentialTypes,
  };
}
