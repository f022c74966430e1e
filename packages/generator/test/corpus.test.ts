// `signing-platform generate` on the smallest real API documents of test/corpus/ (the whole
// corpus, and the other generators beside ours, run in `npm run bench -- sdk-corpus`): each
// SDK, TypeScript and Python, generated through the CLI, the TypeScript one installed outside
// the repository and compiled by tsc --strict, the Python one checked by mypy --strict and
// pyright strict (corpus/run-corpus.mjs). Each step that works today is asserted, with the
// operations each SDK has; each that fails today is named below with its first error, as a
// todo, so that a fix shows up as a step to move into WORKS and a regression fails here.
// Three of the documents' SDKs are also used as their READMEs say: every TypeScript block of
// the README compiles under tsc --strict against the SDK installed outside the repository and
// built as it is published, every Python block passes mypy --strict, and a few of the README's
// operations, called as it calls them by each SDK, are answered with a 2xx by Prism mocking the
// document, which answers a request that breaks the document with a 4xx; the Python calls
// through Client, then again through AsyncClient, awaited under asyncio. One run of the
// harness does both, each type checker run once over all the documents (corpus-checks.test.ts
// shows that an error still fails its own document only).
import { beforeAll, describe, expect, it } from "vitest";
import { type CorpusResult, runCorpus, type Step } from "./corpus/run-corpus.mjs";

interface Expected {
  /** The operations the document declares. */
  operations: number;
  /** The operations each SDK has (the generator says in its README which it left out, and why). */
  typescript: number;
  python: number;
  /** The steps that succeed today. */
  works: Step[];
  /** The steps that fail today, each with its first error line. */
  failsToday: Partial<Record<Step, string>>;
}

const ALL: Step[] = ["ours-ts", "ours-ts-tsc", "ours-py", "ours-py-mypy", "ours-py-pyright"];
const USAGE: Step[] = ["ours-ts-readme", "ours-ts-prism", "ours-py-readme", "ours-py-prism", "ours-py-async-prism"];

// The five smallest documents but those other tests cover (test/fixtures/): about 9 s each for
// the five steps on a quiet 2-core machine (measured with the corpus harness; a sixth, Swagger
// Petstore 3, takes 14 s and is left to the bench).
const EXPECTED: Record<string, Expected> = {
  "oai-petstore": {
    operations: 3,
    typescript: 3,
    python: 3,
    works: ["ours-ts", "ours-ts-tsc", "ours-py", "ours-py-mypy", "ours-py-pyright"],
    failsToday: {},
  },
  "oai-link-example": {
    operations: 6,
    typescript: 6,
    python: 6,
    works: ["ours-ts", "ours-ts-tsc", "ours-py", "ours-py-mypy", "ours-py-pyright"],
    failsToday: {},
  },
  "oai-callback-example": {
    operations: 1,
    typescript: 1,
    python: 1,
    works: ["ours-ts", "ours-ts-tsc", "ours-py", "ours-py-mypy", "ours-py-pyright"],
    failsToday: {},
  },
  "oai-api-with-examples": {
    operations: 2,
    typescript: 2,
    python: 2,
    works: ["ours-ts", "ours-ts-tsc", "ours-py", "ours-py-mypy", "ours-py-pyright"],
    failsToday: {},
  },
  "oai-uspto": {
    operations: 3,
    typescript: 3,
    python: 3,
    works: ["ours-ts", "ours-ts-tsc", "ours-py", "ours-py-mypy", "ours-py-pyright"],
    failsToday: {},
  },
};

// Three of them (about 10 s more each for the five steps of their use on a quiet 2-core machine;
// the bench runs the rest), and the calls each gets: its GETs that need no header or cookie (at
// most five), then its first operation with a JSON body.
const CALLS: Record<string, number> = {
  "oai-petstore": 3,
  "oai-link-example": 5,
  "oai-uspto": 2,
};

let results: Map<string, CorpusResult>;

beforeAll(() => {
  const steps = Object.fromEntries(Object.keys(EXPECTED).map((name) => [name, name in CALLS ? [...ALL, ...USAGE] : ALL]));
  const measured = runCorpus({ names: Object.keys(EXPECTED), tools: ["ours"], steps, typeCheckTogether: true });
  results = new Map(measured.map((result) => [result.name, result]));
  // Generation and tsc, mypy and pyright over 19 documents: over 240 s beside a build on the 2-core machine.
}, 600_000);

for (const [name, expected] of Object.entries(EXPECTED)) {
  describe(`the SDKs of ${name}`, () => {
    it(`counts the document's ${expected.operations} operations`, () => {
      expect(results.get(name)?.operations).toBe(expected.operations);
    });
    for (const step of expected.works)
      it(`${step} succeeds`, () => {
        const outcome = results.get(name)?.steps[step];
        expect(outcome?.error).toBeUndefined();
        expect(outcome?.ok).toBe(true);
        if (step === "ours-ts") expect(outcome?.operations).toBe(expected.typescript);
        if (step === "ours-py") expect(outcome?.operations).toBe(expected.python);
      });
    for (const [step, why] of Object.entries(expected.failsToday)) it.todo(`${step} fails today: ${why}`);
    it("names every step as working or failing today", () => {
      expect([...expected.works, ...Object.keys(expected.failsToday)].sort()).toEqual([...ALL].sort());
    });
  });
}

for (const [name, calls] of Object.entries(CALLS)) {
  describe(`the SDKs of ${name}, as their READMEs use them`, () => {
    for (const step of ["ours-ts-readme", "ours-py-readme"] as const)
      it(`${step}: every block of the README compiles`, () => {
        const outcome = results.get(name)?.steps[step];
        expect(outcome?.error).toBeUndefined();
        expect(outcome?.ok).toBe(true);
        // The quickstart, the operations' examples and the errors' at least.
        expect(outcome?.examples).toBeGreaterThanOrEqual(3);
        expect(outcome?.passed).toBe(outcome?.examples);
      });
    for (const step of ["ours-ts-prism", "ours-py-prism", "ours-py-async-prism"] as const)
      it(`${step}: ${calls} calls, each answered with a 2xx by Prism`, () => {
        const outcome = results.get(name)?.steps[step];
        expect(outcome?.failures ?? []).toEqual([]);
        expect(outcome?.error).toBeUndefined();
        expect(outcome?.calls).toBe(calls);
        expect(outcome?.passed).toBe(calls);
        expect(outcome?.ok).toBe(true);
      });
  });
}
