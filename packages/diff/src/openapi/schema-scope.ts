// Where a schema is compared: for which operation and reader, where it sits (which names its
// checks), the pairs already compared, and how its values travel. Every module that compares
// schemas, or a keyword of one, takes it.
import type { SchemaPlace } from "../checks/index.js";
import type { Period } from "./deprecation-period.js";
import type { Comparison } from "./finding.js";

export interface SchemaScope {
  comparison: Comparison;
  operation: string;
  place: SchemaPlace;
  /** Where the schema is, for messages: "200 application/json › data[].status". */
  where: string;
  /** Inside an anyOf/oneOf that also allows any string: enum values are examples, not a set. */
  open?: boolean;
  /** Schema pairs already compared for this operation (shared and recursive schemas). */
  done: Set<string>;
  /** The notice a deprecated property must give; undefined when the operation's stability level is invalid. */
  period: Period | undefined;
  /**
   * Values travel as text (a parameter, a body that is not JSON): any value reads as a string,
   * so a type changed to string accepts what was sent before (oasdiff's loosely typed locations).
   */
  looselyTyped?: boolean;
  /** A query or cookie parameter sent as form, exploded: `?a=x` is also a one-item array. */
  formExploded?: boolean;
}

/** Compares two schemas for a scope: `compareSchemas` (./schemas.ts), handed to the modules it calls so that they do not import it back. */
export type CompareSchemas = (scope: SchemaScope, base: unknown, basePointer: string, head: unknown, headPointer: string) => void;
