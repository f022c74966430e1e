// @ts-check
// generated/catalogue.json → a TypeScript module exporting it `as const`, so that codes,
// statuses, event types and limits are literal types and no second copy is typed by hand.
/** @param {{ $comment?: string } & Record<string, unknown>} catalogue generated/catalogue.json */
export function catalogueModule(catalogue) {
  const { $comment: _comment, ...data } = catalogue;
  return `/** generated/catalogue.json as a value: the error codes with their statuses, the statuses, the event types, the limits, the webhook retry schedule and the header names. */\nexport const catalogue = ${JSON.stringify(data, null, 2)} as const;\n`;
}
