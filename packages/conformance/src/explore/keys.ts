// Idempotency keys of the exploration: a function of the seed and of what the request sends,
// so that the same seed sends the same keys (a replay replays the run's requests), and a
// sequence that shrinking shortens sends each body with the key it had: the server answers it
// as the retry it is, never as a key reused with another body.
import { createHash } from "node:crypto";
import { keyFormat } from "../checks/operations.js";
import type { Contract, Operation } from "../contract.js";

/** The lengths a key is drawn at: the extension's shortest and longest, and 32 (what clients generate). */
export function keyLengths(operation: Operation): number[] {
  const { min, max } = keyFormat(operation);
  return [...new Set([min, Math.min(Math.max(32, min), max), max])];
}

/** A key of `length` hexadecimal characters (letters and digits, as the pattern asks), derived from `parts`. */
export function keyFor(seed: number, parts: readonly unknown[], length: number): string {
  let key = "";
  for (let round = 0; key.length < length; round++) {
    key += createHash("sha256")
      .update(JSON.stringify([seed, round, ...parts]))
      .digest("hex");
  }
  return key.slice(0, length);
}

/** The header that carries an operation's key. */
export const keyHeaderOf = (contract: Contract, operation: Operation): string =>
  operation.extensions.idempotency?.header ?? contract.headers.idempotencyKey ?? "Idempotency-Key";
