// @ts-check
// What is shown refreshes by itself: rows are updated in place, keyed by id, so that an opened
// row stays open and a focused button keeps the focus.

/**
 * Makes `tbody` show `items` in order, reusing the row of each key (from `cache` when given)
 * and moving none that is already in place: a row's open details and focus survive.
 * @template Item
 * @template {HTMLTableRowElement} Row
 * @param {HTMLTableSectionElement} tbody
 * @param {Item[]} items
 * @param {(item: Item) => string} key
 * @param {(item: Item) => Row} create
 * @param {(row: Row, item: Item) => void} [update]
 * @param {Map<string | undefined, Row>} [cache] the rows of `tbody` by default, which `create` made
 */
export function syncRows(
  tbody,
  items,
  key,
  create,
  update,
  cache = new Map([...tbody.rows].map((row) => [row.dataset.key, /** @type {Row} */ (row)])),
) {
  const keep = new Set();
  let cursor = tbody.firstElementChild;
  for (const item of items) {
    const id = key(item);
    keep.add(id);
    let row = cache.get(id);
    if (!row) {
      row = create(item);
      row.dataset.key = id;
      cache.set(id, row);
    }
    update?.(row, item);
    if (row === cursor) cursor = cursor.nextElementSibling;
    else tbody.insertBefore(row, cursor);
  }
  for (const row of [...tbody.rows]) if (!keep.has(row.dataset.key)) row.remove();
}
