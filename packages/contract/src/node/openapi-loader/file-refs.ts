// A `$ref` of a split document names a file, relative to the one it is written in, and a
// pointer into it (`../schemas/trip.yaml#/Trip`); an http(s) reference is left to the tools.
import { dirname, resolve } from "node:path";

/** Whether `ref` is a URL with a scheme (`https://…`), which the loader does not fetch. */
export const isRemoteRef = (ref: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(ref);

/** The file a `$ref` written in the file at `fromPath` names (that file itself for `#/…`), by absolute path, and its fragment (`/Trip`, or `""` for the whole file). */
export function fileRefTarget(ref: string, fromPath: string): { path: string; fragment: string } {
  const hash = ref.indexOf("#");
  const [file, fragment] = hash === -1 ? [ref, ""] : [ref.slice(0, hash), ref.slice(hash + 1)];
  return { path: file === "" ? fromPath : resolve(dirname(fromPath), decodeURIComponent(file)), fragment };
}
