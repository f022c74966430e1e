// A deprecated operation warns the first time an SDK method calls it in a process, and never
// again for that operation: often enough to be seen in development, never once per request in
// production logs. Under Node.js the warning is a DeprecationWarning (`node --no-deprecation`
// silences it, `--throw-deprecation` makes it an error); elsewhere it is a console.warn. The
// Python runtime words it alike (_runtime.py, warn_deprecated).
import type { Deprecation } from "@signing-platform/contract";

/** The `code` of the warning, for `process.on("warning")` listeners that pick it out. */
export const DEPRECATED_OPERATION_WARNING = "DEPRECATED_OPERATION";

interface WarningProcess {
  emitWarning(message: string, options: { type: string; code: string }): void;
}

const warned = new Set<string>();

/** The warning's text: the method, the operation, and the day it may be removed from when the document says it. */
export function deprecationMessage(method: string, path: string, deprecation: Deprecation, sdkMethod: string | undefined): string {
  const operation = `${method.toUpperCase()} ${path}`;
  const caller = sdkMethod ? `${sdkMethod}() calls ${operation}, which` : operation;
  return `${caller} is deprecated${deprecation.sunset ? ` and may be removed from ${deprecation.sunset}` : ""}.`;
}

/** Warns that the operation is deprecated, unless it was already said in this process. */
export function warnDeprecatedOnce(method: string, path: string, deprecation: Deprecation, sdkMethod?: string): void {
  const operation = `${method.toUpperCase()} ${path}`;
  if (warned.has(operation)) return;
  warned.add(operation);
  const message = deprecationMessage(method, path, deprecation, sdkMethod);
  const host = (globalThis as { process?: Partial<WarningProcess> }).process;
  if (typeof host?.emitWarning === "function")
    host.emitWarning(message, { type: "DeprecationWarning", code: DEPRECATED_OPERATION_WARNING });
  else console.warn(message);
}
