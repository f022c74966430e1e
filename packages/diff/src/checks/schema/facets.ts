// Every facet, in the order of the rows of the table of checks, and the types that hold the ids
// of ./ids/ to them: a place's table must name each facet judged there, under `<place>-<facet>`,
// and no other, or `npm run typecheck` fails.
import { JSON_SCHEMA_KEYWORD_FACETS } from "./json-schema-keywords.js";
import type { SchemaPlace } from "./places.js";
import { SCHEMA_KEYWORD_FACETS } from "./schema-keywords.js";

/** Every facet; a facet judged differently at some places (a parameter's default) has an entry for each. */
export const SCHEMA_FACETS = [...SCHEMA_KEYWORD_FACETS, ...JSON_SCHEMA_KEYWORD_FACETS] as const;

type FacetEntry = (typeof SCHEMA_FACETS)[number];

/** The name of a facet: `max-decreased`, `enum-value-added`. */
export type FacetName = FacetEntry["facet"];

/** The facet `entry` judges at `place`: its name, unless its `only` leaves the place out. */
type FacetOf<Entry, Place extends SchemaPlace> = Entry extends { readonly facet: infer Name; readonly only: readonly (infer Only)[] }
  ? Place extends Only
    ? Name
    : never
  : Entry extends { readonly facet: infer Name }
    ? Name
    : never;

/** The facets judged at `Place`. */
export type FacetsAt<Place extends SchemaPlace> = FacetOf<FacetEntry, Place>;

/** The checks of a schema at `Place`: each facet judged there, with its id written out. */
export type SchemaCheckIds<Place extends SchemaPlace> = { readonly [Name in FacetsAt<Place>]: `${Place}-${Name}` };
