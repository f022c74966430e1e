// The page shape a document states for an operation: its x-signing-platform-page-shape (false:
// none), else the platform's cursor pagination (Limits › Pagination rules) as a cursor shape.
// The generator recognises the shape of an operation that states none (its pagination-shape.ts);
// a client made from a document at run time pages only through what is stated.
import type { OperationExtensionValues, PageShape } from "@signing-platform/contract";

/** The operation's stated page shape; null where it states there is none, undefined where it states nothing. */
export function declaredPageShape(extensions: Pick<OperationExtensionValues, "pageShape" | "pagination">): PageShape | null | undefined {
  const { pageShape, pagination } = extensions;
  if (pageShape === false) return null;
  if (pageShape) return pageShape;
  if (!pagination) return undefined;
  return {
    style: "cursor",
    items: [pagination.items_field],
    cursor_parameter: pagination.cursor_parameter,
    next_cursor: [pagination.next_cursor_field],
  };
}
