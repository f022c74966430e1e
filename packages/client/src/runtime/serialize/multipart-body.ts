// A multipart/form-data body (RFC 7578), written out rather than left to FormData so that
// every SDK sends the same bytes: one part per property, and per item of a list; files with a
// filename and their content type (the encoding's, the Blob's, else
// application/octet-stream); text as it is; objects and lists as JSON.
import { asBlob, fileName, isBinary } from "./file-body.js";
import { isScalar, scalarText } from "./scalar-text.js";
import type { PropertyEncoding } from "./wire-format.js";

const quoted = (text: string) => text.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
/** A declared content type that names one type (not `image/*`, not a list). */
const exact = (type: string | undefined) => (type && !type.includes("*") && !type.includes(",") ? type : undefined);

export function multipartBody(
  body: Record<string, unknown>,
  encoding: Record<string, PropertyEncoding>,
  boundary: string,
): { body: Blob; contentType: string } {
  const parts: BlobPart[] = [];
  for (const [name, value] of Object.entries(body)) {
    const declared = exact(encoding[name]?.contentType);
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (item === undefined || item === null) continue;
      let disposition = `form-data; name="${quoted(name)}"`;
      let type: string | undefined;
      let content: BlobPart;
      if (isBinary(item)) {
        disposition += `; filename="${quoted(fileName(item, name))}"`;
        type = declared ?? (item instanceof Blob && item.type !== "" ? item.type : "application/octet-stream");
        content = asBlob(item);
      } else if (isScalar(item)) {
        type = declared;
        content = scalarText(item);
      } else {
        type = declared ?? "application/json";
        content = JSON.stringify(item);
      }
      parts.push(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ""}\r\n`, content, "\r\n");
    }
  }
  parts.push(`--${boundary}--\r\n`);
  return { body: new Blob(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
