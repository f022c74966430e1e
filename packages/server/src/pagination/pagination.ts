// Pagination for the list operations (those with x-signing-platform-pagination): before
// the handler runs, the cursor is verified and decoded into a keyset position — a
// tampered or foreign cursor is 400 bad_request naming `cursor` (docs/decisions.md#cursor-pagination); `limit`
// is already checked against 1–100 by request validation. The handler then answers with
// `context.paginate(...)`, which reads one page and signs the next cursor.
import { baseUrlOf, type BaseUrl } from "../app/base-url.js";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { onOperationRoute } from "../router/route-hooks.js";
import { createCursorCodec, invalidCursor, type CursorCodec } from "./cursor.js";
import { readKeysetPage, type Page, type PageRequest, type PaginateOptions } from "./keyset.js";

export interface PaginationOptions {
  /** Signs cursors; `[current, previous]` while rotating. At least 32 characters. */
  cursorSecret: string | readonly string[];
  /** The public base URL of the service: `next` is absolute. */
  baseUrl: BaseUrl;
}

export interface Paging {
  readonly page: PageRequest;
  paginate<Item>(options: PaginateOptions<Item>): Promise<Page<Item>>;
}

const pagings = new WeakMap<FastifyRequest, Paging>();

/** The paging of a list request, once the pagination plugin has read it. */
export function pagingOf(request: FastifyRequest): Paging | undefined {
  return pagings.get(request);
}

/** Cursors are bound to the list and the organization they were made for. */
export const cursorScope = (operationId: string, organizationId: string) => `${operationId}\n${organizationId}`;

async function paginationPlugin(fastify: FastifyInstance, options: PaginationOptions): Promise<void> {
  const codec: CursorCodec = createCursorCodec(options.cursorSecret);
  const baseUrl = baseUrlOf(options.baseUrl);

  // preValidation, after request validation (registered before it) coerced `limit`.
  onOperationRoute(fastify, (operation, add) => {
    const rule = operation.pagination;
    if (!rule) return;
    add("preValidation", (request, _reply, done) => {
      if (!request.principal) return done();
      const query = request.query as Record<string, unknown>;
      const scope = cursorScope(operation.operationId, request.principal.organizationId);
      const cursor = query[rule.cursor_parameter];
      const after = typeof cursor === "string" ? codec.decode(cursor, scope) : null;
      if (typeof cursor === "string" && after === null) return done(invalidCursor(rule.cursor_parameter));
      const limit = typeof query[rule.limit_parameter] === "number" ? (query[rule.limit_parameter] as number) : rule.limit_default;
      const page: PageRequest = { limit, after };
      const path = (request.raw.url ?? "").split("?")[0] ?? "";
      pagings.set(request, {
        page,
        paginate: (paginateOptions) =>
          readKeysetPage(page, paginateOptions, {
            cursorOf: (position) => codec.encode(position, scope),
            urlOf: (next) => `${baseUrl()}${path}?${rule.limit_parameter}=${limit}&${rule.cursor_parameter}=${encodeURIComponent(next)}`,
          }),
      });
      done();
    });
  });
}

export const pagination = fastifyPlugin(paginationPlugin, { name: "signing-platform-pagination", fastify: "5.x" });
