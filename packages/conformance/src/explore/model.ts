// What the exploration knows of the server's state while a sequence runs: the writes it sent
// (to replay them and reuse their keys), the ids it may read (found in lists, created, or
// given), the entity tags it was sent (for conditional reads) and the cursors (to follow).
// A new model starts each sequence, from the ids known before the exploration began.
import type { Operation } from "../contract.js";

export interface Write {
  operation: Operation;
  key: string;
  /** The JSON text sent. */
  body: string;
  status: number;
  /** The answer's body without what differs on every answer by design (an error's request_id). */
  outcome: unknown;
  /** The id of the resource it made, if it made one. */
  id?: string;
}

export interface Tagged {
  operation: Operation;
  /** The path read, with its id. */
  path: string;
  tag: string;
}

export interface Model {
  writes: Write[];
  /** Ids that exist, by the path template of the operation that reads one. */
  ids: Map<string, string[]>;
  tags: Tagged[];
  /** Cursors served, by the path of the list operation. */
  cursors: Map<string, string[]>;
}

export function initialModel(ids: ReadonlyMap<string, readonly string[]>): Model {
  return { writes: [], ids: new Map([...ids].map(([path, known]) => [path, [...known]])), tags: [], cursors: new Map() };
}

export function remember<T>(map: Map<string, T[]>, key: string, value: T): void {
  const values = map.get(key) ?? [];
  if (!values.includes(value)) values.push(value);
  map.set(key, values);
}

/** The body of an answer without what differs on each answer by design, to compare a replay with the first. */
export function outcomeOf(json: unknown, text: string): unknown {
  const error = (json as { error?: Record<string, unknown> } | undefined)?.error;
  if (error && typeof error === "object") return { ...(json as object), error: { ...error, request_id: undefined } };
  return json ?? text;
}
