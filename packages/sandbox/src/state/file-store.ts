// The sandbox's state in a folder of the working directory (`serve`'s default,
// ./.signing-platform/sandbox), so that a restart carries on where it stopped: the platform
// state, the webhook endpoints, deliveries and attempts, and the idempotency records.
//
// The folder is a LevelDB database (classic-level, whose prebuilt binaries ship in its npm
// package). Each store keeps its data in memory, as the memory stores do, and writes every
// change through to the database before it answers: reads cost what they cost in memory,
// and what a caller was told is on disk. Writes go out in order, many at once as one batch
// (a LevelDB batch is atomic); LevelDB's own log drops a record that a crash cut short, so a
// killed sandbox starts again with every write it had finished. One process at a time: the
// database is locked while open.
import { mkdir, rm } from "node:fs/promises";
import { isAbsolute, join, relative } from "node:path";
import { ClassicLevel } from "classic-level";
import type { DeliveryStore } from "@signing-platform/webhooks/delivery";
import type { IdempotencyStore } from "@signing-platform/server";
import { type Database, orderedWriter } from "./file-database.js";
import { createFileDeliveryStore } from "./file-delivery-store.js";
import { createFileIdempotencyStore } from "./file-idempotency-store.js";
import { createFileState } from "./file-state.js";
import type { SandboxState } from "./sandbox-state.js";

/** The folder cannot be opened or read: one line naming it, and what to do. */
export class StateStoreError extends Error {
  /** The class name, `StateStoreError`. */
  override readonly name = "StateStoreError";
}

export interface FileStore {
  /** The database's folder, as given (relative to the working directory when relative). */
  location: string;
  state: SandboxState;
  deliveries: DeliveryStore;
  idempotency: IdempotencyStore;
  /** Waits for the last writes, and closes the database. */
  close(): Promise<void>;
}

export interface FileStoreOptions {
  /** Delete what the folder holds first, and start afresh. */
  reset?: boolean;
  /** Attempts kept per webhook endpoint (default 1000, as in memory). */
  maxAttemptsPerEndpoint?: number;
}

/** `./.signing-platform/sandbox` rather than `.signing-platform/sandbox`: plainly a path. */
export function displayPath(path: string): string {
  if (isAbsolute(path)) {
    const inside = relative(process.cwd(), path);
    return inside && !inside.startsWith("..") && !isAbsolute(inside) ? `./${inside}` : path;
  }
  return /^\.\.?[\\/]/.test(path) ? path : `./${path}`;
}

/** Why LevelDB would not open the folder, in words a user can act on. */
function openFailure(error: unknown, shown: string): StateStoreError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const reason = (cause?.message ?? (error as Error).message).replace(/\s+/g, " ").replace(/\.$/, "");
  if (cause?.code === "LEVEL_LOCKED")
    return new StateStoreError(`another sandbox is using the state in ${shown}: stop it, or give this one another folder with --state.`);
  if (cause?.code === "LEVEL_CORRUPTION")
    return new StateStoreError(`the state in ${shown} is damaged (${reason}): start with --reset to begin afresh, or delete the folder.`);
  return new StateStoreError(`cannot open the state in ${shown} (${reason}): start with --reset to begin afresh, or delete the folder.`);
}

/** Opens (or makes) the store in `<folder>/sandbox` and reads it back; throws StateStoreError. */
export async function openFileStore(folder: string, options: FileStoreOptions = {}): Promise<FileStore> {
  const location = join(folder, "sandbox");
  const shown = displayPath(location);
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    throw new StateStoreError(
      `cannot make the state folder ${displayPath(folder)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
    );
  }
  const database = () => new ClassicLevel<string, string>(location, { keyEncoding: "utf8", valueEncoding: "utf8" });
  let db: Database = database();
  try {
    await db.open();
    // Emptied while held, never deleted under a sandbox that still runs on it.
    if (options.reset) await db.clear();
  } catch (error) {
    const locked = (error as { cause?: { code?: string } }).cause?.code === "LEVEL_LOCKED";
    if (!options.reset || locked) throw openFailure(error, shown);
    // Too damaged to open: the folder goes, and a new database takes its place.
    try {
      await db.close().catch(() => undefined);
      await rm(location, { recursive: true, force: true });
      db = database();
      await db.open();
    } catch (again) {
      throw openFailure(again, shown);
    }
  }
  const writer = orderedWriter(db);
  try {
    const [state, deliveries, idempotency] = await Promise.all([
      createFileState(db, writer.write),
      createFileDeliveryStore(db, writer.write, options.maxAttemptsPerEndpoint),
      createFileIdempotencyStore(db, writer.write),
    ]);
    return {
      location: shown,
      state,
      deliveries,
      idempotency,
      async close() {
        await writer.idle();
        await db.close();
      },
    };
  } catch (error) {
    await writer.idle().catch(() => undefined);
    await db.close().catch(() => undefined);
    const reason = ((error as Error).message ?? String(error)).replace(/\s+/g, " ").replace(/\.$/, "");
    throw new StateStoreError(`cannot read the state in ${shown} (${reason}): start with --reset to begin afresh, or delete the folder.`);
  }
}
