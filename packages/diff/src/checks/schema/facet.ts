// A facet: one change of one schema keyword, judged at every place a schema sits (or at those
// it names), so that `request-property-max-decreased` and `response-property-max-increased` are
// judged by one rule seen from the reader's side.
import type { Level } from "../check.js";
import type { SchemaPlace } from "./places.js";

/**
 * A change of one schema keyword. `request` is its level when the server reads the schema,
 * `response` when a client (or webhook receiver) does: a narrower schema breaks writers, so it
 * breaks requests; a wider one breaks readers, so it breaks responses. Its check at each place
 * is `<place>-<facet>`, written out in ./ids/.
 */
export interface SchemaFacet {
  readonly facet: string;
  readonly request: Level;
  readonly response: Level;
  readonly summary: string;
  /** Only where the schema sits, when not everywhere. */
  readonly only?: readonly SchemaPlace[];
}
