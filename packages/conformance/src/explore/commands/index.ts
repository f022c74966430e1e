// The commands a sequence is drawn from, built from the document: for each create, creates
// with bodies its schema accepts, replays, reused keys, refused bodies and bad keys; for each
// read, reads of known and absent ids and conditional reads; for each list, queries at and
// past the parameters' bounds, with and without cursors, and walks through every page.
import type { Json } from "@signing-platform/contract/openapi";
import fc from "fast-check";
import type { Contract, Operation } from "../../contract.js";
import { invalidBodies, validBodies } from "../bodies.js";
import { keyLengths } from "../keys.js";
import type { Model } from "../model.js";
import { queryArbitrary } from "../parameters.js";
import { creates, queries, reads } from "../resources.js";
import type { Sender } from "../sender.js";
import { ConditionalRead, Read } from "./reads.js";
import { Query, Walk } from "./lists.js";
import { BadKeyWrite, Create, InvalidWrite, Replay, Reuse } from "./writes.js";

export type ExploreCommand = fc.AsyncCommand<Model, Sender>;

const alphanumeric = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"), minLength: min, maxLength: max });

/**
 * Ids for the read's parameter that no resource has, matching its pattern when it has one;
 * null when none can be drawn (the reads are then of known ids only).
 */
function absentIds(operation: Operation, resolve: (schema: Json) => Json): fc.Arbitrary<string> | null {
  const schema = resolve(operation.parameters.find((parameter) => parameter.in === "path")?.schema ?? {});
  const made = alphanumeric(12, 24).map((suffix) => `conformance${suffix}`);
  if (typeof schema.pattern !== "string") return made;
  const pattern = new RegExp(schema.pattern);
  const usable = (id: string) => pattern.test(id) && id.length <= 64 && /^[A-Za-z0-9_.~-]+$/.test(id);
  const candidates = [made, fc.stringMatching(pattern, { size: "small" })];
  const found = candidates.find((candidate) => fc.sample(candidate, { seed: 1, numRuns: 20 }).filter(usable).length >= 10);
  return found ? found.filter(usable) : null;
}

/**
 * Each command's arbitrary; those a sequence builds on (creates, reads, lists) twice, so that
 * a sequence of a few commands often holds a create and its replay, a read and its
 * conditional read, a page and the next.
 */
export function commandArbitraries(contract: Contract, seed: number): fc.Arbitrary<ExploreCommand>[] {
  const arbitraries: fc.Arbitrary<ExploreCommand>[] = [];
  const often = (arbitrary: fc.Arbitrary<ExploreCommand>) => arbitraries.push(arbitrary, arbitrary);
  const { resolve } = contract;
  for (const operation of creates(contract)) {
    const valid = validBodies(operation, contract);
    if (valid) {
      often(
        fc
          .tuple(valid, fc.nat(2), fc.constantFrom(...keyLengths(operation)))
          .map(([body, nonce, length]) => new Create(contract, seed, operation, body, nonce, length)),
      );
      arbitraries.push(
        fc.nat(7).map((pick) => new Replay(contract, pick)),
        fc.tuple(fc.nat(7), valid).map(([pick, other]) => new Reuse(contract, operation, pick, other)),
        fc
          .tuple(valid, fc.constantFrom("missing" as const, "short" as const, "long" as const, "hyphen" as const))
          .map(([body, bad]) => new BadKeyWrite(contract, seed, operation, body, bad)),
      );
    }
    const invalid = invalidBodies(operation, contract);
    if (invalid) arbitraries.push(invalid.map((body) => new InvalidWrite(contract, seed, operation, body)));
  }
  for (const operation of reads(contract)) {
    const absent = absentIds(operation, resolve);
    often(
      absent
        ? fc
            .tuple(fc.constantFrom("known" as const, "known" as const, "absent" as const), fc.nat(7), absent)
            .map(([source, pick, id]) => new Read(contract, operation, source, pick, id))
        : fc.nat(7).map((pick) => new Read(contract, operation, "known", pick, "")),
    );
    if (operation.extensions.conditionalRequest) {
      often(
        fc
          .tuple(fc.nat(7), fc.constantFrom("current" as const, "weak" as const, "among" as const, "any" as const, "stale" as const))
          .map(([pick, condition]) => new ConditionalRead(contract, operation, pick, condition)),
      );
    }
  }
  for (const operation of queries(contract)) {
    const values = queryArbitrary(operation, resolve);
    if (!values) continue;
    const pagination = operation.extensions.pagination;
    const cursors = pagination ? fc.constantFrom("none" as const, "served" as const, "made-up" as const) : fc.constant("none" as const);
    often(
      fc
        .tuple(
          values,
          cursors,
          fc.nat(7),
          alphanumeric(8, 40).map((cursor) => `conformance${cursor}`),
        )
        .map(([drawn, cursor, pick, madeUp]) => new Query(contract, operation, drawn, cursor, pick, madeUp)),
    );
    if (pagination) {
      // Any size of page: fast-check draws the smallest (a short list spans several pages) and
      // the largest (a long one is walked in few) often, and shrinks toward the smallest.
      const smallest = Math.max(pagination.limit_minimum, 2);
      arbitraries.push(
        fc
          .integer({ min: smallest, max: Math.max(smallest, pagination.limit_maximum) })
          .map((limit) => new Walk(contract, operation, limit)),
      );
    }
  }
  return arbitraries;
}
