// @ts-check
// `npm run bench -- conformance`: a full `signing-platform conformance` run against the local
// sandbox (`signing-platform serve`), every check that is not opt-in, as a provider runs it:
// the CLI bin in its own process. Printed: the median wall time of a run and the requests it
// sent, against a reference measured in the same run: the same number of requests sent one
// after another with undici to GET /certificates (the transport's own cost), and the ratio.
// The goal is a run "well under a minute". No time is asserted. Needs `npm run build` first.
import { spawnSync } from "node:child_process";
import { request } from "undici";
import { cliBin, startSandbox } from "./support/sandbox.mjs";
import { format, median } from "./support/statistics.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const sandbox = await startSandbox();
const { url, post } = sandbox;
const token = (await post("/_sandbox/organizations", {})).access_token;
const otherToken = (await post("/_sandbox/organizations", {})).access_token;
await post("/_sandbox/certificates", { count: 5 }, token);

const runs = [];
const references = [];
let requests = 0;
for (let round = 0; round < ROUNDS; round++) {
  const begin = performance.now();
  const run = spawnSync(
    process.execPath,
    [cliBin, "conformance", "--base-url", url, "--token", token, "--other-token", otherToken, "--format", "json"],
    {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  runs.push(performance.now() - begin);
  const report = JSON.parse(run.stdout);
  if (report.summary.failed !== 0) throw new Error(`a check failed against the sandbox: ${run.stdout}`);
  requests = report.requests;

  const referenceBegin = performance.now();
  for (let sent = 0; sent < requests; sent++) {
    const answer = await request(`${url}/certificates`, { headers: { authorization: `Bearer ${token}` } });
    await answer.body.dump();
  }
  references.push(performance.now() - referenceBegin);
}
sandbox.stop();

const run = median(runs);
const reference = median(references);
console.log(`conformance, every default check, against the sandbox (${ROUNDS} rounds, medians)`);
console.log(`  full run (CLI process, ${requests} requests)   ${format(run)} ms`);
console.log(`  reference: ${requests} GET /certificates, undici   ${format(reference)} ms`);
console.log(`  ratio                                        ${format(run / reference, 1)}×   (goal: well under 60,000 ms)`);
