// A success body that is not JSON, read as the operation's `parseAs` says: text, a Blob (of
// the response's content type) or an ArrayBuffer.
import type { ParseAs } from "./wire-format.js";

export function successBody(parseAs: Exclude<ParseAs, "json">, text: string, bytes: ArrayBuffer | undefined, response: Response): unknown {
  if (parseAs === "text") return text;
  const data = bytes ?? new ArrayBuffer(0);
  if (parseAs === "arrayBuffer") return data;
  return new Blob([data], { type: response.headers.get("content-type") ?? "" });
}

/** Whether the body is read as bytes rather than text. */
export const readsBytes = (parseAs: ParseAs | undefined): boolean => parseAs === "blob" || parseAs === "arrayBuffer";
