// An error message contains no secrets (Errors › Error body). The run records, for each error
// answer, where a credential it holds came back (the bearer tokens it sent, every
// client_secret the server gave it); this check reports them, naming the place and the
// credential, never the value.
import type { PassiveCheck } from "../check.js";
import { skip, verdict } from "../outcome.js";
import { findingsOver } from "./findings.js";

export const credentialsEchoed: PassiveCheck = {
  kind: "passive",
  id: "credentials-echoed",
  area: "errors",
  clause: "Errors › Error body",
  title: "No error answer carries a credential the run sent or was given: a bearer token, a client_secret.",
  judge(exchanges) {
    const refusedWithCredentials = exchanges.some(({ request, response }) => response.status >= 400 && request.headers.authorization);
    if (!refusedWithCredentials) return skip("no request with credentials was refused in this run (run it with the other checks)");
    return verdict(
      findingsOver(exchanges, ({ response }) =>
        response.echoes.length === 0
          ? null
          : `${response.echoes.map((echo) => `${echo.where} carries ${echo.what}`).join("; ")}: an error contains no secrets`,
      ),
    );
  },
};
