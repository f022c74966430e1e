// The Python SDK's README: install without a network, the quickstart, the conventions it keeps.
import type { SdkModel } from "../sdk-model.js";
import { pythonName } from "./python-files.js";

export function pythonReadme(name: string, model: SdkModel, baseUrl: string): string {
  const list = model.operations.find((operation) => operation.extensions.pagination);
  const read = model.operations.find((operation) => operation.methodName === "retrieve");
  const call = (operation: typeof list) => `client.${pythonName(operation!.resource)}.${pythonName(operation!.methodName)}`;
  return [
    `# ${name}`,
    "",
    `Python SDK for ${model.title} ${model.version}: the standard library only, Python 3.10 or later.`,
    "",
    "```sh",
    "python3 -m venv .venv && . .venv/bin/activate",
    "pip install --no-index --no-build-isolation .   # nothing is fetched",
    "```",
    "",
    "```python",
    `from ${name} import Client, NotFoundError`,
    "",
    `client = Client(${JSON.stringify(baseUrl)}, access_token="…")`,
    ...(list ? [`for item in ${call(list)}():  # every item, across pages`, "    print(item)"] : []),
    ...(read
      ? ["try:", `    ${call(read)}("…")`, "except NotFoundError as error:", "    print(error.code, error.status, error.request_id)"]
      : []),
    "```",
    "",
    "What every call does, as the document's extensions state:",
    "",
    "- a write carries an idempotency key (32 letters and digits from `secrets`), made once per call and sent again on every retry; pass `idempotency_key=` to choose it;",
    "- 429 and 503 are retried after `Retry-After` (seconds or an HTTP-date), the classes that ask for it with full-jitter backoff, a 401 once after `token_provider` gives a new token;",
    "- a conditional read sends `If-None-Match` with the ETag it has, and a 304 answers from the cache;",
    "- an error is an exception of its family (`ValidationError`, `AuthenticationError`, `NotFoundError`, `ConflictError`, `RateLimitError`, `ServerError`, …) with `code`, `status`, `request_id` and `details`; an unknown code is an `ApiError`;",
    "- `construct_event(body, header, secrets)` verifies a webhook delivery over the raw bytes, constant-time, with the two-sided tolerance and any number of `v1` signatures.",
    "",
  ].join("\n");
}
