// A request head over Node's limit: was it the request target or the header fields? Node's
// parser reports both the same way (HPE_HEADER_OVERFLOW) and hands over only the chunk it was
// reading when it stopped; the start of the head, with the request line, may have come in an
// earlier chunk, already parsed and gone. The line the parser stopped in tells them apart: the
// request line is the one that ends with the HTTP version ("GET /… HTTP/1.1"), a field line
// never legitimately does. The end of that line may still be on its way, so the chunks after
// the first are read until it comes.

/** The part of a request head that took it over the limit. */
export type OverflowedPart = "request_target" | "header_fields";

const LF = 0x0a;
/** " HTTP/1.1\r" and a margin: all of a line's end the verdict needs. */
const TAIL_LENGTH = 16;
const ENDS_WITH_HTTP_VERSION = / HTTP\/\d\.\d\r?$/;

/**
 * A reader fed the refused head from the start of the line the parser stopped in, chunk by
 * chunk: it answers null while that line has not ended, then which part overflowed.
 */
export function overflowedPartReader(): (chunk: Buffer) => OverflowedPart | null {
  let tail = "";
  return (chunk) => {
    const lineEnd = chunk.indexOf(LF);
    const upTo = lineEnd < 0 ? chunk.length : lineEnd;
    tail = (tail + chunk.toString("latin1", Math.max(0, upTo - TAIL_LENGTH), upTo)).slice(-TAIL_LENGTH);
    if (lineEnd < 0) return null;
    return ENDS_WITH_HTTP_VERSION.test(tail) ? "request_target" : "header_fields";
  };
}

/**
 * The bytes of `packet` from the start of the line holding byte `stoppedAt`, where the parser
 * stopped; all of them when that is not a position in `packet`.
 */
export function lineAt(packet: Buffer, stoppedAt: number): Buffer {
  if (!Number.isInteger(stoppedAt) || stoppedAt <= 0 || stoppedAt > packet.length) return packet;
  return packet.subarray(packet.lastIndexOf(LF, stoppedAt - 1) + 1);
}
