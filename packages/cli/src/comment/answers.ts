// Reading what a GitHub or GitLab API answers: a page of comments, one comment, the link to the
// next page, the reason of a refusal. All of it comes from the network, so anything unexpected
// is a CommentApiError (exit 1), never a crash; and a "next page" on another host is refused,
// since the token would go there with the request.
import { CommentApiError } from "./thread.js";

export interface ListedComment {
  id: number;
  body: string;
  /** The comment's page, where the API gives one (GitHub's html_url). */
  url?: string;
  /** A note GitLab writes itself ("added 1 commit"): never the one to update. */
  system: boolean;
}

const record = (value: unknown) =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** One comment of an answer; `what` names the call, for the message. */
export function commentOf(answer: unknown, what: string): ListedComment {
  const item = record(answer);
  const id = item?.id;
  if (!item || typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0)
    throw new CommentApiError(`${what} answered a comment without an id.`);
  return {
    id,
    body: typeof item.body === "string" ? item.body : "",
    ...(typeof item.html_url === "string" ? { url: item.html_url } : {}),
    system: item.system === true,
  };
}

/** The comments of one page of a list answer. */
export function commentsOf(answer: unknown, what: string): ListedComment[] {
  if (!Array.isArray(answer)) throw new CommentApiError(`${what} answered something other than a list of comments.`);
  return answer.map((item) => commentOf(item, what));
}

/**
 * The URL of the next page from a `Link` header (RFC 8288; GitHub and GitLab both send one),
 * resolved against the API, or undefined on the last page. Only on the API's own origin.
 */
export function nextPageUrl(link: string | null | undefined, origin: string): string | undefined {
  if (!link) return undefined;
  for (const [, target, parameters] of link.matchAll(/<([^>]*)>([^<]*)/g)) {
    const rel = /(?:^|;)\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]*))/i.exec(parameters ?? "");
    if (!(rel?.[1] ?? rel?.[2] ?? "").toLowerCase().split(/\s+/).includes("next")) continue;
    let url: URL;
    try {
      url = new URL(target ?? "", origin);
    } catch {
      throw new CommentApiError(`the API's next-page link is not a URL.`);
    }
    if (url.origin !== origin)
      throw new CommentApiError(`the API's next-page link leads to another host (${url.origin}): not followed with the token.`);
    return url.href;
  }
  return undefined;
}

/** "403 Resource not accessible by integration": the status and the API's own message, in one short line. */
export function refusalOf(status: number, text: string): string {
  let message: unknown;
  try {
    const parsed = record(JSON.parse(text));
    message = parsed?.message ?? parsed?.error;
  } catch {
    message = text;
  }
  const line = (typeof message === "string" ? message : message === undefined ? "" : JSON.stringify(message))
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\.+$/, "");
  return `${status}${line ? ` ${line.length > 200 ? `${line.slice(0, 199)}…` : line}` : ""}`;
}
