// generated/catalogue.json → a TypeScript module exporting it `as const`, so that codes,
// statuses, event types and limits are literal types and no second copy is typed by hand.
export function catalogueModule(catalogue) {
  const { $comment: _comment, ...data } = catalogue;
  return `export const catalogue = ${JSON.stringify(data, null, 2)} as const;\n`;
}
