// The public base URL, for `next` links and whatever else a handler makes absolute. It may be
// known only once the server listens (a server on port 0 learns its port then), so it may be
// given as a function, read on each request.

/** The base URL, or a function that gives it once it is known. */
export type BaseUrl = string | (() => string);

/** A function that gives the base URL without a trailing slash. */
export function baseUrlOf(value: BaseUrl): () => string {
  if (typeof value === "function") return () => value().replace(/\/+$/, "");
  const fixed = value.replace(/\/+$/, "");
  return () => fixed;
}
