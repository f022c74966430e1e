// The JSON request body, read strictly: UTF-8 only (a declared charset other than UTF-8 is
// 415, bytes that are not UTF-8 are 400, never decoded into U+FFFD and stored), nested at
// most MAX_JSON_DEPTH deep (a deeper document is 400 before JSON.parse recurses into it, so
// it can never exhaust the stack and turn into a 500 that clients retry with the same key),
// and with prototype-poisoning keys refused as Fastify's own parser refuses them.
import type { FastifyInstance, FastifyRequest } from "fastify";
import secureJson from "secure-json-parse";
import { ApiErrorResponse } from "../errors/api-error-response.js";

/** Deepest nesting of arrays and objects a body may have. The source sets none (Limits: not shown). */
export const MAX_JSON_DEPTH = 64;

const BODY = "$";
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

function invalid(message: string, code: string): ApiErrorResponse {
  return new ApiErrorResponse("bad_request", { message, details: [{ field: BODY, code, message }] });
}

/** The charset a Content-Type declares, lower-cased, or undefined. */
function declaredCharset(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? "");
  return match?.[1]?.toLowerCase();
}

/** Whether `text` nests deeper than `limit`, counting brackets outside strings. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}

export function parseJsonBody(request: FastifyRequest, body: Buffer): unknown {
  const charset = declaredCharset(request.headers["content-type"]);
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
    throw new ApiErrorResponse("unsupported_media_type", { message: `The body must be UTF-8 JSON; charset ${charset} is not supported.` });
  }
  if (body.length === 0) throw invalid("The request body is empty.", "required");
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw invalid("The request body is not valid UTF-8.", "invalid_encoding");
  }
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw invalid(`The request body nests deeper than ${MAX_JSON_DEPTH} levels.`, "too_deep");
  try {
    return secureJson.parse(text, undefined, { protoAction: "error", constructorAction: "error" });
  } catch {
    throw invalid("The request body is not valid JSON.", "invalid_json");
  }
}

/** Replaces Fastify's JSON parser with the strict one. */
export function strictJsonBodies(fastify: FastifyInstance): void {
  fastify.removeContentTypeParser("application/json");
  fastify.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    try {
      done(null, parseJsonBody(request, body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
