import { describe } from "vitest";
import { memoryIdempotencyStore } from "../../src/index.js";
import { idempotencyStoreContract } from "./store-contract.js";

describe("memoryIdempotencyStore", () => {
  const store = memoryIdempotencyStore({ sweepEvery: 3 });
  idempotencyStoreContract(() => store);
});
