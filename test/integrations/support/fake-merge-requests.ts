// A loopback stand-in for GitLab's merge requests API of one project, as the SDK release job
// talks to it: the list of open merge requests by source and target branch, creating one and
// updating one, with form-encoded parameters, the PRIVATE-TOKEN header, and GitLab's 401 for a
// token it does not know. Every call is recorded for the test to read.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeMergeRequest {
  iid: number;
  source_branch: string;
  target_branch: string;
  title: string;
  description: string;
}

export interface FakeMergeRequestApi {
  /** CI_API_V4_URL. */
  url: string;
  /** `METHOD path` of each call. */
  calls: string[];
  mergeRequests: FakeMergeRequest[];
  close(): Promise<void>;
}

export async function fakeMergeRequests(options: { project: string; token: string }): Promise<FakeMergeRequestApi> {
  const calls: string[] = [];
  const mergeRequests: FakeMergeRequest[] = [];
  const prefix = `/api/v4/projects/${options.project}/merge_requests`;
  const server = createServer(async (request, response) => {
    let text = "";
    for await (const chunk of request) text += chunk;
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    calls.push(`${request.method} ${url.pathname}`);
    const json = (status: number, value: unknown) =>
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
    if (request.headers["private-token"] !== options.token) return json(401, { message: "401 Unauthorized" });
    const form = Object.fromEntries(new URLSearchParams(text));
    const web = (iid: number) => ({ web_url: `https://gitlab.example.com/acme/signing-api/-/merge_requests/${iid}` });
    if (url.pathname === prefix && request.method === "GET") {
      const query = Object.fromEntries(url.searchParams);
      const open = mergeRequests.filter(
        (each) => query.state === "opened" && each.source_branch === query.source_branch && each.target_branch === query.target_branch,
      );
      return json(
        200,
        open.map((each) => ({ ...each, ...web(each.iid) })),
      );
    }
    if (url.pathname === prefix && request.method === "POST") {
      const created = {
        iid: mergeRequests.length + 1,
        source_branch: form.source_branch!,
        target_branch: form.target_branch!,
        title: form.title!,
        description: form.description!,
      };
      mergeRequests.push(created);
      return json(201, { ...created, ...web(created.iid) });
    }
    const one = mergeRequests.find((each) => url.pathname === `${prefix}/${each.iid}`);
    if (one && request.method === "PUT") {
      Object.assign(one, { title: form.title, description: form.description });
      return json(200, { ...one, ...web(one.iid) });
    }
    json(404, { message: "404 Not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v4`,
    calls,
    mergeRequests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
