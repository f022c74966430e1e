// The Python SDK's names, which its view writes and a changelog reads (release/sdk-names.ts):
// a resource attribute of the client and a method on it per operation, snake_case and distinct
// where two names read alike in Python, and a model per component schema.
import type { OpenApiDocument } from "../load-document.js";
import type { SdkNames } from "../release/sdk-names.js";
import type { SdkModel, SdkOperation } from "../sdk-model.js";
import { modelName, modelNames, pythonName, uniqueNames } from "./python-types.js";

/** A resource of the Python client: its attribute, its class and the name of each operation's method. */
export interface PythonResourceNames {
  attribute: string;
  className: string;
  methods: Array<{ operation: SdkOperation; name: string }>;
}

/** The client's resources, in the model's order of operations. */
export function pythonResourceNames(model: SdkModel): PythonResourceNames[] {
  const grouped = new Map<string, SdkOperation[]>();
  for (const operation of model.operations) grouped.set(operation.resource, [...(grouped.get(operation.resource) ?? []), operation]);
  // Two resources, or two methods of one, whose names read alike in Python stay distinct; none
  // takes the name of what the clients have besides their resources (AsyncClient's `aclose`).
  const attributes = uniqueNames(["transport", "aclose"]);
  const classes = uniqueNames();
  return [...grouped].map(([resource, operations]) => {
    const methodNames = uniqueNames();
    return {
      attribute: attributes(pythonName(resource)),
      className: classes(`${modelName(resource)}Resource`),
      methods: operations.map((operation) => ({ operation, name: methodNames(pythonName(operation.methodName)) })),
    };
  });
}

/** The Python SDK's method of each operation and model of each component schema. */
export function pythonNames(document: OpenApiDocument, model: SdkModel): SdkNames {
  return {
    methods: new Map(
      pythonResourceNames(model).flatMap(({ attribute, methods }) =>
        methods.map(({ operation, name }) => [`${operation.method.toUpperCase()} ${operation.path}`, `client.${attribute}.${name}()`]),
      ),
    ),
    types: modelNames(document),
  };
}
