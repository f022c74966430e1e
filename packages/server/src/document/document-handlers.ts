// The handlers of operations read from a document given to createApp. Their types are not
// generated from that document yet: a handler gets the request as the conventions leave it
// (parameters coerced by their schemas, the body validated by its schema) and returns any
// reply; response checking (`checkResponses`) holds the reply to the document instead.
import type { ErrorDetail } from "@signing-platform/types";
import type { Page, PageRequest, PaginateOptions } from "../pagination/keyset.js";
import type { HandlerContext, UntypedRequest } from "../router/handler-types.js";

/** The request a handler of a document's operation gets: validated by the document's schemas, not typed by them (the request a fallback's handler gets). */
export type DocumentHandlerRequest = UntypedRequest;

/** The context of a document's operation: the page and `paginate` on its lists (x-signing-platform-pagination), absent elsewhere. */
export interface DocumentHandlerContext extends HandlerContext {
  /** On a list: `limit` and the keyset position after which the page starts. */
  readonly page?: PageRequest;
  /** On a list: reads one page from an ordered source and returns `{ items, cursor, next }`. */
  paginate?<Item>(options: PaginateOptions<Item>): Promise<Page<Item>>;
}

/** What a handler of a document's operation returns: a status with a body or none, or an error of the operation. */
export type DocumentHandlerReply =
  | { readonly status: number; readonly body?: unknown; readonly headers?: Readonly<Record<string, string>> }
  | {
      readonly status: number;
      readonly error: { readonly code: string; readonly message?: string; readonly details?: readonly ErrorDetail[] };
    };

/** The business logic of one operation of a document given to createApp. */
export type DocumentHandler = (
  request: DocumentHandlerRequest,
  context: DocumentHandlerContext,
) => DocumentHandlerReply | Promise<DocumentHandlerReply>;
