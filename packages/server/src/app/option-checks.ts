// The options a caller must give, checked before anything is registered: a missing or
// malformed one is a TypeError of one line naming the function and the option, thrown at
// the call, never a message from deep inside a plugin ("secret is not iterable").
import { checkCursorSecret } from "../pagination/cursor.js";

const describe = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "an array" : typeof value);

/** Throws a TypeError naming `caller` and the option when the API's required options are missing or of the wrong shape. */
export function checkApiOptions(caller: string, options: unknown): void {
  if (typeof options !== "object" || options === null)
    throw new TypeError(`${caller}: options must be an object; got ${describe(options)}.`);
  const { cursorSecret, authentication, handlers } = options as Record<string, unknown>;
  checkCursorSecret(`${caller}: cursorSecret`, cursorSecret);
  const resolver = (authentication as { resolver?: unknown } | undefined)?.resolver;
  if (typeof resolver !== "object" || resolver === null) {
    throw new TypeError(
      `${caller}: authentication.resolver must be a CredentialResolver (staticCredentialResolver, or your own); got ${describe(resolver)}.`,
    );
  }
  if (typeof handlers !== "object" || handlers === null || Array.isArray(handlers)) {
    throw new TypeError(`${caller}: handlers must be an object of handlers by operation id; got ${describe(handlers)}.`);
  }
  for (const [operationId, handler] of Object.entries(handlers)) {
    if (handler !== undefined && typeof handler !== "function") {
      throw new TypeError(`${caller}: handlers.${operationId} must be a function; got ${describe(handler)}.`);
    }
  }
}
