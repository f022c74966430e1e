// One comment per pull or merge request, updated on every run instead of repeated: the body
// starts with a hidden HTML marker, `<!-- signing-platform-changelog -->`; the comments are
// listed, the first one that starts with the marker is replaced, and only when there is none is
// one posted. A comment that merely quotes the marker further down is left alone.
import { commentOf, commentsOf, nextPageUrl, refusalOf, type ListedComment } from "./answers.js";
import { CommentApiError, type CommentThread } from "./thread.js";

export const DEFAULT_MARKER = "signing-platform-changelog";
/** A call that takes longer has hung: a CI job should not wait for it. */
const REQUEST_TIMEOUT_MS = 30_000;
/** 100 pages of 100: a thread longer than that is not one this command should scan. */
const MAX_PAGES = 100;

export interface Upserted {
  action: "posted" | "updated";
  id: number;
  url?: string;
}

export const markerLine = (marker: string) => `<!-- ${marker} -->`;

/** The body: the marker line, then the text, cut at a line to what the provider keeps. */
export function commentBody(text: string, marker: string, maxLength: number): string {
  const head = `${markerLine(marker)}\n`;
  if (head.length + text.length <= maxLength) return head + text;
  const notice = "\n\n*Cut short: the whole text is longer than a comment may be; the job's log has all of it.*\n";
  const room = Math.max(0, maxLength - head.length - notice.length);
  const cut = text.lastIndexOf("\n", room);
  return head + text.slice(0, cut > 0 ? cut : room) + notice;
}

interface Answer {
  json: unknown;
  link: string | null;
}

async function call(thread: CommentThread, method: string, url: string, body?: { body: string }): Promise<Answer> {
  const what = `${method} ${url}`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method,
      headers: { ...thread.headers, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
      // A redirect is answered, not followed: the token must not go to where it points.
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const reason =
      (error as Error).name === "TimeoutError" ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} s` : (cause ?? (error as Error).message);
    throw new CommentApiError(`${what} could not be reached (${reason}).`);
  }
  if (response.status >= 300) {
    const hint = response.status === 401 || response.status === 403 ? ` ${tokenHint(thread)}` : "";
    throw new CommentApiError(
      `${thread.provider === "github" ? "GitHub" : "GitLab"} refused ${what}: ${refusalOf(response.status, text)}.${hint}`,
    );
  }
  try {
    return { json: JSON.parse(text), link: response.headers.get("link") };
  } catch {
    throw new CommentApiError(`${what} answered what is not JSON.`);
  }
}

function tokenHint(thread: CommentThread): string {
  return thread.provider === "github"
    ? "The token needs the pull-requests: write permission (a pull request from a fork gets a read-only one)."
    : "The token needs the api scope and at least the Reporter role in the project.";
}

async function findMarked(thread: CommentThread, marker: string): Promise<ListedComment | undefined> {
  let url: string | undefined = thread.listUrl;
  for (let page = 0; url !== undefined; page++) {
    if (page === MAX_PAGES) throw new CommentApiError(`${thread.name} has more than ${MAX_PAGES} pages of comments: not scanned.`);
    const { json, link } = await call(thread, "GET", url);
    const found = commentsOf(json, `GET ${url}`).find((comment) => !comment.system && comment.body.startsWith(marker));
    if (found) return found;
    url = nextPageUrl(link, thread.origin);
  }
  return undefined;
}

/** Replaces the comment that carries the marker, or posts one. */
export async function upsertComment(thread: CommentThread, text: string, marker = DEFAULT_MARKER): Promise<Upserted> {
  const body = commentBody(text, marker, thread.maxBodyLength);
  const existing = await findMarked(thread, markerLine(marker));
  if (existing) {
    const url = thread.commentUrl(existing.id);
    const updated = commentOf((await call(thread, thread.updateMethod, url, { body })).json, `${thread.updateMethod} ${url}`);
    const page = updated.url ?? existing.url;
    return { action: "updated", id: updated.id, ...(page ? { url: page } : {}) };
  }
  const posted = commentOf((await call(thread, "POST", thread.postUrl, { body })).json, `POST ${thread.postUrl}`);
  return { action: "posted", id: posted.id, ...(posted.url ? { url: posted.url } : {}) };
}
