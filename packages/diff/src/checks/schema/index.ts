// The schema checks: every facet (./facets.ts) at every place it is judged (./places.ts), under
// the id ./ids/ writes for it, at the level of the place's reader.
import type { Check } from "../check.js";
import type { SchemaFacet } from "./facet.js";
import { type FacetName, SCHEMA_FACETS, type SchemaCheckIds } from "./facets.js";
import { REQUEST_BODY_CHECK_IDS } from "./ids/request-body.js";
import { REQUEST_PARAMETER_CHECK_IDS } from "./ids/request-parameter.js";
import { REQUEST_PROPERTY_CHECK_IDS } from "./ids/request-property.js";
import { RESPONSE_BODY_CHECK_IDS } from "./ids/response-body.js";
import { RESPONSE_PROPERTY_CHECK_IDS } from "./ids/response-property.js";
import { WEBHOOK_BODY_CHECK_IDS } from "./ids/webhook-body.js";
import { WEBHOOK_PROPERTY_CHECK_IDS } from "./ids/webhook-property.js";
import { readerOf, SCHEMA_PLACES, type SchemaPlace } from "./places.js";

export type { FacetName } from "./facets.js";
export { readerOf, SCHEMA_PLACES, type Reader, type SchemaPlace } from "./places.js";

/** The id of each facet at each place. */
const SCHEMA_CHECK_IDS: { readonly [Place in SchemaPlace]: SchemaCheckIds<Place> } = {
  "request-parameter": REQUEST_PARAMETER_CHECK_IDS,
  "request-body": REQUEST_BODY_CHECK_IDS,
  "request-property": REQUEST_PROPERTY_CHECK_IDS,
  "response-body": RESPONSE_BODY_CHECK_IDS,
  "response-property": RESPONSE_PROPERTY_CHECK_IDS,
  "webhook-body": WEBHOOK_BODY_CHECK_IDS,
  "webhook-property": WEBHOOK_PROPERTY_CHECK_IDS,
};

/** The id of a schema check. */
export type SchemaCheckId = { [Place in SchemaPlace]: SchemaCheckIds<Place>[keyof SchemaCheckIds<Place>] }[SchemaPlace];

/**
 * The id of the check of `facet` at `place`; a facet not judged there is a bug of ours, never a
 * finding left out.
 */
export function schemaCheckId(place: SchemaPlace, facet: FacetName): SchemaCheckId {
  const ids: Partial<Record<FacetName, SchemaCheckId>> = SCHEMA_CHECK_IDS[place];
  const id = ids[facet];
  if (id === undefined) throw new Error(`diff facet "${facet}" is not judged at ${place}`);
  return id;
}

const facets: readonly SchemaFacet[] = SCHEMA_FACETS;

/** Every schema check, place by place, the facets of each in the order of SCHEMA_FACETS. */
export const SCHEMA_CHECKS: readonly (Check & { id: SchemaCheckId })[] = SCHEMA_PLACES.flatMap((place) =>
  facets
    .filter((facet) => !facet.only || facet.only.includes(place))
    .map((facet) => ({
      id: schemaCheckId(place, facet.facet as FacetName),
      level: readerOf(place) === "request" ? facet.request : facet.response,
      summary: facet.summary,
      schema: { place, facet: facet.facet },
    })),
);
