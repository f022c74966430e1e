// Loopback stand-ins for the two comment APIs `signing-platform comment` talks to, answering as
// the real ones do: GitHub's issue comments (a pull request is an issue there) and GitLab's
// merge-request notes, each with its own authentication header, page size and `Link` header to
// the next page, and the error bodies they send. Every call is recorded for the test to read.
// The command's tests and the CI integration tests (test/integrations) both use them.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedCall {
  method: string;
  /** Path and query, as sent. */
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

export interface StoredComment {
  id: number;
  body: string;
  /** A note GitLab wrote itself ("added 1 commit"). */
  system?: boolean;
}

export interface FakeCommentApi {
  /** The base URL: GITHUB_API_URL for GitHub, CI_API_V4_URL for GitLab. */
  url: string;
  calls: RecordedCall[];
  comments: StoredComment[];
  /** Every call from now on is answered with this status, message and headers, until `refuse()`. */
  refuse(status?: number, message?: string, headers?: Record<string, string>): void;
  /** Every call from now on gets this raw answer (status 200), until `answerRaw()`. */
  answerRaw(body?: string, headers?: Record<string, string>): void;
  close(): Promise<void>;
}

interface Route {
  list: RegExp;
  one: RegExp;
  updateMethod: "PATCH" | "PUT";
  authorized(headers: IncomingHttpHeaders): boolean;
  unauthorized: { status: number; message: string };
  stored(comment: StoredComment): Record<string, unknown>;
}

async function serve(route: Route, options: { pageSize?: number; firstId: number; prefix: string }): Promise<FakeCommentApi> {
  const comments: StoredComment[] = [];
  const calls: RecordedCall[] = [];
  let refusal: { status: number; message: string; headers: Record<string, string> } | undefined;
  let raw: { body: string; headers: Record<string, string> } | undefined;
  let nextId = options.firstId;
  let base = "";
  const json = (response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) =>
    response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers }).end(JSON.stringify(value));

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    let body: any = text;
    try {
      body = text === "" ? undefined : JSON.parse(text);
    } catch {
      // recorded as text
    }
    const url = new URL(request.url ?? "/", base);
    calls.push({ method: request.method ?? "", path: `${url.pathname}${url.search}`, headers: request.headers, body });
    if (raw) return response.writeHead(200, raw.headers).end(raw.body);
    if (refusal) return json(response, refusal.status, { message: refusal.message }, refusal.headers);
    if (!route.authorized(request.headers)) return json(response, route.unauthorized.status, { message: route.unauthorized.message });
    const path = url.pathname.slice(options.prefix.length);
    if (route.list.test(path) && request.method === "GET") {
      const perPage = Math.min(Number(url.searchParams.get("per_page") ?? 30), options.pageSize ?? 100);
      const page = Number(url.searchParams.get("page") ?? 1);
      const slice = comments.slice((page - 1) * perPage, page * perPage);
      const last = Math.max(1, Math.ceil(comments.length / perPage));
      const at = (n: number) => {
        const next = new URL(url);
        next.searchParams.set("page", String(n));
        return next.href;
      };
      const link = [...(page < last ? [`<${at(page + 1)}>; rel="next"`] : []), `<${at(last)}>; rel="last"`].join(", ");
      return json(response, 200, slice.map(route.stored), { link, ...(page < last ? { "x-next-page": String(page + 1) } : {}) });
    }
    if (route.list.test(path) && request.method === "POST") {
      if (typeof body?.body !== "string" || body.body === "") return json(response, 422, { message: "Validation Failed" });
      const stored = { id: nextId++, body: body.body };
      comments.push(stored);
      return json(response, 201, route.stored(stored));
    }
    const one = route.one.exec(path);
    if (one && request.method === route.updateMethod) {
      const stored = comments.find((comment) => comment.id === Number(one[1]));
      if (!stored) return json(response, 404, { message: "Not Found" });
      if (typeof body?.body !== "string") return json(response, 422, { message: "Validation Failed" });
      stored.body = body.body;
      return json(response, 200, route.stored(stored));
    }
    return json(response, 404, { message: "Not Found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}${options.prefix}`,
    calls,
    comments,
    refuse(status?: number, message = "refused", headers: Record<string, string> = {}) {
      refusal = status === undefined ? undefined : { status, message, headers };
    },
    answerRaw(body?: string, headers: Record<string, string> = {}) {
      raw = body === undefined ? undefined : { body, headers };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** GitHub's REST API: /repos/{repository}/issues/{number}/comments, `Authorization: Bearer`, a User-Agent required. */
export function fakeGitHub(options: { repository: string; number: number; token: string; pageSize?: number }): Promise<FakeCommentApi> {
  const repository = escapeRegExp(options.repository);
  return serve(
    {
      list: new RegExp(`^/repos/${repository}/issues/${options.number}/comments$`),
      one: new RegExp(`^/repos/${repository}/issues/comments/(\\d+)$`),
      updateMethod: "PATCH",
      authorized: (headers) => headers.authorization === `Bearer ${options.token}` && Boolean(headers["user-agent"]),
      unauthorized: { status: 401, message: "Bad credentials" },
      stored: (comment) => ({
        id: comment.id,
        body: comment.body,
        html_url: `https://github.com/${options.repository}/pull/${options.number}#issuecomment-${comment.id}`,
        user: { login: "github-actions[bot]", type: "Bot" },
      }),
    },
    { firstId: 1_900_000_001, prefix: "", ...(options.pageSize ? { pageSize: options.pageSize } : {}) },
  );
}

/** GitLab's REST API v4: /projects/{id}/merge_requests/{iid}/notes, `PRIVATE-TOKEN`, system notes among the user's. */
export function fakeGitLab(options: { project: string; iid: number; token: string; pageSize?: number }): Promise<FakeCommentApi> {
  const notes = `/projects/${escapeRegExp(options.project)}/merge_requests/${options.iid}/notes`;
  return serve(
    {
      list: new RegExp(`^${notes}$`),
      one: new RegExp(`^${notes}/(\\d+)$`),
      updateMethod: "PUT",
      authorized: (headers) => headers["private-token"] === options.token,
      unauthorized: { status: 401, message: "401 Unauthorized" },
      stored: (comment) => ({
        id: comment.id,
        type: null,
        body: comment.body,
        system: comment.system ?? false,
        noteable_type: "MergeRequest",
        noteable_iid: options.iid,
        author: { username: "project_42_bot" },
      }),
    },
    { firstId: 501, prefix: "/api/v4", ...(options.pageSize ? { pageSize: options.pageSize } : {}) },
  );
}
