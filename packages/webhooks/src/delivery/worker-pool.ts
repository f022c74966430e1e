// The engine's queue worker: claims what is due from the store, `batchSize` at a time, and
// attempts it with `concurrency` workers; in the background, it runs again when the next
// delivery comes due (or at least every `pollIntervalMs`, for work other engines queue), and at
// once when this engine queues something (`wake`).
import type { Clock } from "./clock.js";
import type { DeliveryStore } from "./delivery-store.js";
import type { AttemptRecord, ClaimedDelivery, DeliveryRecord } from "./records.js";

export interface WorkerPoolOptions {
  store: DeliveryStore;
  clock: Clock;
  concurrency: number;
  batchSize: number;
  leaseMs: number;
  pollIntervalMs: number;
  /** Attempts a claimed delivery and hands the claim back. */
  attemptDelivery: (delivery: DeliveryRecord, claimToken: string) => Promise<AttemptRecord | null>;
  onError: (error: unknown) => void;
}

export interface WorkerPool {
  runDue(): Promise<number>;
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const { store, clock, concurrency, batchSize, leaseMs, pollIntervalMs, attemptDelivery, onError } = options;

  /**
   * Attempts everything due now with `concurrency` workers. Work is claimed `batchSize` at a
   * time, whenever the local queue runs dry, so no worker waits for a slow batch to finish.
   */
  async function runDue(): Promise<number> {
    const queue: ClaimedDelivery[] = [];
    let exhausted = false;
    let refilling: Promise<void> | null = null;
    let attempts = 0;
    const refill = async () => {
      const claimed = await store.claimDue(clock.now(), batchSize, leaseMs);
      if (claimed.length === 0) exhausted = true;
      else queue.push(...claimed);
    };
    const worker = async () => {
      for (;;) {
        const next = queue.shift();
        if (next === undefined) {
          if (exhausted) return;
          refilling ??= refill().finally(() => {
            refilling = null;
          });
          await refilling;
          continue;
        }
        if (await attemptDelivery(next.delivery, next.claimToken)) attempts++;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return attempts;
  }

  let running = false;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  function wake() {
    wakeUp?.();
  }
  async function backgroundLoop() {
    while (running) {
      try {
        await runDue();
      } catch (error) {
        onError(error);
      }
      if (!running) break;
      const due = await store.nextDueAt().catch(() => null);
      const wait = due === null ? pollIntervalMs : Math.max(0, Math.min(pollIntervalMs, due - clock.now()));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  }

  return {
    runDue,
    wake,
    start() {
      if (running) return;
      running = true;
      loop = backgroundLoop();
    },
    async stop() {
      running = false;
      wake();
      await loop;
      loop = null;
    },
  };
}
