// @ts-check
// The library's definition: its name, and the diagnostics that are errors because the
// catalogue cannot be built without them (a code without a status, a status outside the
// table, an event type without its webhook). Errors cannot be suppressed; every other
// convention is a linter rule (src/linter.js), a warning that `#suppress` can silence
// with a reason.
import { createTypeSpecLibrary, paramMessage } from "@typespec/compiler";

/** The library's name: the prefix of every diagnostic code and linter rule id. */
export const LIBRARY_NAME = "@signing-platform/typespec-conventions";

/**
 * The library's definition for the TypeSpec compiler: its name and its error diagnostics (an
 * error code without a status, a status outside the status table, an event type without its
 * webhook, or with two).
 */
export const $lib = createTypeSpecLibrary({
  name: LIBRARY_NAME,
  diagnostics: {
    "code-without-status": {
      severity: "error",
      messages: {
        default: paramMessage`Error code "${"code"}" declares no status: use @errorStatus, or @errorStatusNotSpecified when the interface document gives none.`,
      },
    },
    "status-without-retry-class": {
      severity: "error",
      messages: {
        default: paramMessage`Error code "${"code"}" has status ${"status"}, which the HTTP status table (with its @retry class) does not list.`,
      },
    },
    "event-without-webhook": {
      severity: "error",
      messages: {
        default: paramMessage`Event type "${"type"}" has no webhook operation: add an operation marked @webhook(${"type"}).`,
      },
    },
    "duplicate-webhook": {
      severity: "error",
      messages: {
        default: paramMessage`Event type "${"type"}" has more than one webhook operation.`,
      },
    },
  },
});

export const { reportDiagnostic } = $lib;
