// A query parameter declared `allowReserved: true` sends RFC 3986's reserved characters
// (`:/?[]@!$()*,;`) as they are: a value such as `path=/files/a:b` stays readable and is
// what such an API matches on. `&`, `=`, `#` and `+` stay encoded even so, since left bare they
// would end the pair, start the fragment or read as a space, and `'`, which fetch's URL parser
// encodes in a query whatever it is given; the generated Python SDK's `_wire.py` keeps the same list.
import type { Pair } from "./styled-pairs.js";

const KEPT = /%(3A|2F|3F|5B|5D|40|21|24|28|29|2A|2C|3B)/gi;

/** The pairs with the reserved characters of their values decoded. */
export const withReserved = (pairs: Pair[]): Pair[] =>
  pairs.map(([name, value]) => [name, value.replace(KEPT, (encoded) => decodeURIComponent(encoded))]);
