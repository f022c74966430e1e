// The notes of a GitLab merge request: GET and POST
// /projects/{id}/merge_requests/{iid}/notes, PUT …/notes/{note_id}. Read from what GitLab CI
// sets in a merge-request pipeline: CI_API_V4_URL, CI_PROJECT_ID, CI_MERGE_REQUEST_IID. The CI
// job token cannot write notes, so the token is one the user sets: SIGNING_PLATFORM_GITLAB_TOKEN
// (a project or personal access token with the api scope), sent as PRIVATE-TOKEN.
import { version } from "../version.js";
import { checkToken, VariableCheck, type Environment } from "./environment.js";
import { baseUrl, type CommentThread } from "./thread.js";

export const GITLAB_TOKEN_VARIABLE = "SIGNING_PLATFORM_GITLAB_TOKEN";
/** GitLab's limit on a note's body. */
const GITLAB_MAX_BODY = 1_000_000;

export function gitlabThread(env: Environment, token: string | undefined): CommentThread {
  const check = new VariableCheck(
    `run it in a merge-request pipeline, with ${GITLAB_TOKEN_VARIABLE} set to an access token with the api scope.`,
  );
  const api = baseUrl(check.required("CI_API_V4_URL", env.CI_API_V4_URL) || undefined);
  if (env.CI_API_V4_URL && !api) check.unusable("CI_API_V4_URL is not an http:// or https:// URL");
  const project = check.required("CI_PROJECT_ID", env.CI_PROJECT_ID);
  const iid = check.required("CI_MERGE_REQUEST_IID", env.CI_MERGE_REQUEST_IID);
  if (iid && !/^[1-9]\d*$/.test(iid)) check.unusable(`CI_MERGE_REQUEST_IID is not a number: "${iid}"`);
  const secret = checkToken(check, token === undefined ? GITLAB_TOKEN_VARIABLE : "--token", token ?? env[GITLAB_TOKEN_VARIABLE]);
  check.done();
  const notes = `${api}/projects/${encodeURIComponent(project)}/merge_requests/${iid}/notes`;
  return {
    provider: "gitlab",
    name: `merge request !${iid} of project ${project}`,
    origin: new URL(api!).origin,
    listUrl: `${notes}?per_page=100&sort=asc&order_by=created_at`,
    postUrl: notes,
    commentUrl: (id) => `${notes}/${id}`,
    updateMethod: "PUT",
    headers: { "private-token": secret, "user-agent": `signing-platform/${version()}` },
    token: secret,
    maxBodyLength: GITLAB_MAX_BODY,
  };
}
