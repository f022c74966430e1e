// A verified body's bytes as text for JSON.parse (docs/decisions.md#signed-content: the bytes as received). Bytes
// that are not UTF-8 give undefined, never U+FFFD: a body is text exactly or not at all.
// A byte-order mark is kept, so JSON.parse rejects it as the document does not allow one.

/** Decodes UTF-8 bytes; undefined when they are not UTF-8. */
export type Utf8Text = (bytes: Uint8Array) => string | undefined;

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** TextDecoder only: runs everywhere, including the edge runtimes of the `edge` entry. */
export const webUtf8Text: Utf8Text = (bytes) => {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
};
