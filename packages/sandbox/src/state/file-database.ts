// The database under the file store (file-store.ts): its key-value view, and the writer
// that every store writes through.
import type { ClassicLevel } from "classic-level";

export type Database = ClassicLevel<string, string>;

export type WriteOperation = { type: "put"; key: string; value: string } | { type: "del"; key: string };

/** Writes in the order asked; resolves once the write is in the database. */
export type Write = (operations: WriteOperation[]) => Promise<void>;

/** Every key whose name starts with `prefix`, in key order. */
export async function* entriesUnder(db: Database, prefix: string): AsyncGenerator<[string, string]> {
  // `\uffff` sorts after every character a key of ours holds.
  for await (const entry of db.iterator({ gte: prefix, lt: `${prefix}\uffff` })) yield entry;
}

/**
 * One batch at a time, in order: the operations asked while a batch is being written go
 * together in the next one. (Two writes in flight at once could reach LevelDB in either order.)
 */
export function orderedWriter(db: Database): { write: Write; idle(): Promise<void> } {
  let queued: WriteOperation[] = [];
  let waiting: { resolve(): void; reject(error: unknown): void }[] = [];
  let running: Promise<void> | null = null;
  const drain = async () => {
    while (queued.length > 0) {
      const operations = queued;
      const done = waiting;
      queued = [];
      waiting = [];
      try {
        await db.batch(operations);
        for (const caller of done) caller.resolve();
      } catch (error) {
        for (const caller of done) caller.reject(error);
      }
    }
    running = null;
  };
  return {
    write(operations) {
      if (operations.length === 0) return Promise.resolve();
      queued.push(...operations);
      const written = new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }));
      running ??= drain();
      return written;
    },
    async idle() {
      while (running) await running;
    },
  };
}
