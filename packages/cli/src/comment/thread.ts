// A pull request's or merge request's comments, as `signing-platform comment` reads and writes
// them: where the list is, how one comment is replaced, and the headers that carry the token.
// One builder per provider (github.ts, gitlab.ts); upsert.ts works on either.

export const PROVIDERS = ["github", "gitlab"] as const;
export type Provider = (typeof PROVIDERS)[number];

export interface CommentThread {
  provider: Provider;
  /** For messages: "pull request #12 of acme/api". */
  name: string;
  /** The API's origin: the only one a "next page" link may lead to, since the token goes along. */
  origin: string;
  /** GET: the first page of the comments, oldest first. */
  listUrl: string;
  /** POST: a new comment. */
  postUrl: string;
  /** The URL of one comment, and the method that replaces its body. */
  commentUrl(id: number): string;
  updateMethod: "PATCH" | "PUT";
  /** The headers of every call, the token among them. */
  headers: Record<string, string>;
  /** The token itself, so that no message prints it. */
  token: string;
  /** The longest body the provider keeps, in characters. */
  maxBodyLength: number;
}

/** The API refused a call, could not be reached, or answered with what is not its API: exit 1. */
export class CommentApiError extends Error {
  override readonly name = "CommentApiError";
}

/** An http:// or https:// base URL from a variable, without its trailing slash, or undefined. */
export function baseUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? value.replace(/\/+$/, "") : undefined;
  } catch {
    return undefined;
  }
}
