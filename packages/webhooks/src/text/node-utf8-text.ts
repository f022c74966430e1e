// The Node decoder of verified bodies. Event bodies are almost always pure ASCII (ids,
// statuses, URLs; only a name may carry other characters), and ASCII is the one case where
// every byte is its own character: a SIMD `isAscii` scan and a Latin-1 copy
// cost ~0.6 + 3.7 µs on 64 KiB against ~6.8 µs for the fatal TextDecoder (`npm run bench
// -- webhooks`). Anything else goes through the TextDecoder, so the result is always the same
// (test/text/utf8-text.test.ts checks both on arbitrary bytes).
import { isAscii } from "node:buffer";
import { webUtf8Text, type Utf8Text } from "@signing-platform/contract/webhook-signature";

export const nodeUtf8Text: Utf8Text = (bytes) => {
  if (!isAscii(bytes)) return webUtf8Text(bytes);
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buffer.toString("latin1");
};
