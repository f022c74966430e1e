// The sandbox's control API over HTTP, as `listen` and `trigger` use it: make an
// organization, add and remove a webhook endpoint, drive a signing request as its signer
// would. Each call says, in one line, what was sent and what came back; a refusal is unusable
// input naming the call, so the command ends with that line.
import { UnusableInputError } from "@signing-platform/contract/input";

export interface ControlCall {
  /** `POST /_sandbox/signing-requests → 201 sr_…` */
  line: string;
  status: number;
  body: Record<string, any>;
}

export class SandboxControl {
  constructor(
    readonly baseUrl: string,
    private readonly token?: string,
  ) {}

  async call(method: string, path: string, body?: unknown): Promise<ControlCall> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/_sandbox${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      throw new UnusableInputError(`${this.baseUrl} cannot be reached (${code}): start a sandbox with \`npm start\` or give --base-url.`);
    }
    const text = await response.text();
    const parsed = text === "" ? {} : (JSON.parse(text) as Record<string, any>);
    const named = parsed.id ?? parsed.organization_id ?? parsed.error?.code ?? "";
    const line = `${method} /_sandbox${path} → ${response.status}${named ? ` ${named}` : ""}`;
    if (response.status === 401) {
      // The sandbox says why it may not know the token: it started afresh in memory, or when its state was made.
      const why =
        /organizations: (.+? UTC)\./.exec(parsed.error?.message ?? "")?.[1] ??
        "a sandbox that keeps its state in memory forgets them when it restarts";
      throw new UnusableInputError(
        `${line}: the token is not one of this sandbox's organizations (${why}): \`signing-platform login\` makes a new one.`,
      );
    }
    if (response.status >= 400) throw new UnusableInputError(`${line}: ${parsed.error?.message ?? "refused"}`);
    return { line, status: response.status, body: parsed };
  }

  /** A new organization with every capability: its id and access token. */
  async createOrganization(): Promise<{ id: string; token: string }> {
    const { body } = await this.call("POST", "/organizations", {});
    return { id: body.organization_id, token: body.access_token };
  }
}
