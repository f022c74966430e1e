// The conventions a document follows, read as the ruleset reads them
// (@signing-platform/contract/conventions): its own x-signing-platform-* root extensions, and
// where it states none, the platform's catalogue this package was built with
// (@signing-platform/types). Two documents without a catalogue are so compared as alike.
import { type Conventions, readConventions } from "@signing-platform/contract/conventions";
import { catalogue } from "@signing-platform/types";
import type { Json } from "@signing-platform/contract/openapi";

/** The conventions `document` follows. */
export const conventionsOf = (document: Json): Conventions => readConventions(document, catalogue);
