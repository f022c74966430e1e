// A new organization of a running sandbox, through its control API, as the README's
// walkthrough makes one: its access token, and as many certificates as a test needs.
export interface SandboxOrganization {
  token: string;
}

/** A new organization, holding `certificates` certificates. */
export async function sandboxOrganization(baseUrl: string, certificates = 0): Promise<SandboxOrganization> {
  const created = await fetch(`${baseUrl}/_sandbox/organizations`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  const { access_token: token } = (await created.json()) as { access_token: string };
  if (certificates > 0) {
    await fetch(`${baseUrl}/_sandbox/certificates`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ count: certificates }),
    });
  }
  return { token };
}

/** The lines a quickstart printed, each id cut to its prefix: `cert_`, `enr_`. */
export const idPrefixes = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .map((line) => line.replace(/_.*/, "_"));
