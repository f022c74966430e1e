// The file types a body may carry: a Blob (a File is one), bytes, or a stream of bytes.
// A stream is read to its end before the first attempt, so that a retry sends the same bytes.

/** A file as a body or a multipart part takes it: a Blob (a File is one), bytes, or a stream of bytes. */
export type FileBody = Blob | Uint8Array | ArrayBuffer | ReadableStream<Uint8Array>;

export const isBinary = (value: unknown): value is Blob | Uint8Array | ArrayBuffer =>
  value instanceof Blob || value instanceof Uint8Array || value instanceof ArrayBuffer;

const isStream = (value: unknown): value is ReadableStream<Uint8Array> =>
  typeof ReadableStream !== "undefined" && value instanceof ReadableStream;

/** Whether the body, or one of its properties or their items, is a stream. */
export function hasStream(body: unknown): boolean {
  if (isStream(body)) return true;
  if (typeof body !== "object" || body === null || isBinary(body)) return false;
  return Object.values(body).some((value) => isStream(value) || (Array.isArray(value) && value.some(isStream)));
}

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Blob> {
  return new Response(stream).blob();
}

/** The body with every stream in it read into a Blob. */
export async function withStreamsRead(body: unknown): Promise<unknown> {
  if (isStream(body)) return bytesOf(body);
  const entries = await Promise.all(
    Object.entries(body as Record<string, unknown>).map(async ([name, value]) => [
      name,
      isStream(value) ? await bytesOf(value) : Array.isArray(value) ? await Promise.all(value.map(withStreamsRead)) : value,
    ]),
  );
  return Object.fromEntries(entries);
}

/** Bytes as a Blob, the one binary type every fetch sends as it is. */
export const asBlob = (value: Blob | Uint8Array | ArrayBuffer, type = ""): Blob =>
  value instanceof Blob ? value : new Blob([value as BlobPart], { type });

/** The file name of a part: a File's own name, else the field's. */
export const fileName = (value: unknown, field: string): string =>
  value instanceof Blob && typeof (value as { name?: unknown }).name === "string" && (value as File).name !== ""
    ? (value as File).name
    : field;
