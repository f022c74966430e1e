// A new organization of a running sandbox, through its control API, as the README's
// walkthrough makes one: its access token, as many certificates as a test needs, and the
// control API's other calls with that token.
export interface SandboxOrganization {
  token: string;
  /** POSTs `body` to `/_sandbox<path>` as this organization; the answer's JSON body. */
  control(path: string, body?: unknown): Promise<Record<string, any>>;
}

const post = (url: string, body: unknown, token?: string) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  }).then((response) => response.json() as Promise<Record<string, any>>);

/** A new organization, holding `certificates` certificates. */
export async function sandboxOrganization(baseUrl: string, certificates = 0): Promise<SandboxOrganization> {
  const { access_token: token } = (await post(`${baseUrl}/_sandbox/organizations`, {})) as { access_token: string };
  const control = (path: string, body: unknown = {}) => post(`${baseUrl}/_sandbox${path}`, body, token);
  if (certificates > 0) await control("/certificates", { count: certificates });
  return { token, control };
}

/** The lines a quickstart printed, each id cut to its prefix: `cert_`, `enr_`. */
export const idPrefixes = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .map((line) => line.replace(/_.*/, "_"));
