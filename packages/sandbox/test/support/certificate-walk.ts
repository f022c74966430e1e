// A walk over GET /certificates, page by page with the cursor of the previous page (Limits ›
// pagination rules), while certificates are inserted and deleted at the same time as each
// page is read. It records what it needs to judge "neither skips nor repeats records under
// concurrent writes" (docs/decisions.md#cursor-pagination): what each page held, and which writes had finished
// before each page was asked for.
import { expect } from "vitest";
import type { HttpResponse, Organization } from "./http.js";

export interface WalkStep {
  /** Certificates to add while this page is read. */
  inserts: number;
  /** Which not-yet-read certificates to delete while this page is read (indexes, taken modulo). */
  deletes: number[];
}

export interface WalkResult {
  seeded: string[];
  pages: string[][];
  /** Ids inserted during the walk, in the order their inserts finished. */
  inserted: string[];
  deleted: Set<string>;
  /** For each page: the ids whose deletion had finished before the page was asked for. */
  deletedBeforePage: Set<string>[];
  /** For each page: the ids whose insertion had finished before the page was asked for. */
  insertedBeforePage: Set<string>[];
}

export interface WalkOptions {
  seed: number;
  limit: number;
  /** Step i runs while page i is read; pages after the last step are read with no writes. */
  steps: WalkStep[];
  /** Where each page is read; default: the organization itself (another process, for the shared-Redis test). */
  readerOf?: (page: number) => Organization;
  /** Where the writes go; default: the organization itself. */
  writerOf?: (page: number) => Organization;
}

const MAX_PAGES = 1000;

export async function walkWithConcurrentWrites(organization: Organization, options: WalkOptions): Promise<WalkResult> {
  const { seed, limit, steps, readerOf = () => organization, writerOf = () => organization } = options;
  const seeded = seed > 0 ? await organization.addCertificates(seed) : [];
  const pages: string[][] = [];
  const inserted: string[] = [];
  const deleted = new Set<string>();
  const deletedBeforePage: Set<string>[] = [];
  const insertedBeforePage: Set<string>[] = [];
  const read = new Set<string>();
  let cursor: string | null = null;

  for (let page = 0; ; page++) {
    if (page >= MAX_PAGES) throw new Error("the walk did not end");
    const step = steps[page];
    // Candidates: seeded certificates not yet read nor deleted, in order.
    const unread = seeded.filter((id) => !read.has(id) && !deleted.has(id));
    const toDelete = [
      ...new Set((step?.deletes ?? []).map((index) => unread[index % Math.max(1, unread.length)]).filter((id): id is string => !!id)),
    ];
    deletedBeforePage.push(new Set(deleted));
    insertedBeforePage.push(new Set(inserted));
    const writer = writerOf(page);
    const [response]: [HttpResponse, ...unknown[]] = await Promise.all([
      readerOf(page).listCertificates(cursor === null ? { limit } : { limit, cursor }),
      step && step.inserts > 0 ? writer.addCertificates(step.inserts).then((ids) => inserted.push(...ids)) : null,
      ...toDelete.map(async (id) => {
        const removed = await writer.removeCertificate(id);
        expect(removed.status, removed.text).toBe(204);
        deleted.add(id);
      }),
    ]);
    expect(response.status, response.text).toBe(200);
    const items: string[] = response.json.items.map((item: { id: string }) => item.id);
    expect(items.length).toBeLessThanOrEqual(limit);
    pages.push(items);
    for (const id of items) read.add(id);
    cursor = response.json.cursor;
    if (cursor === null) {
      expect(response.json.next).toBeNull();
      break;
    }
    // `next` is the absolute URL of the next page, carrying the same cursor (docs/decisions.md#cursor-pagination).
    expect(new URL(response.json.next).searchParams.get("cursor")).toBe(cursor);
  }
  return { seeded, pages, inserted, deleted, deletedBeforePage, insertedBeforePage };
}

/** No skip, no repeat, no ghost, in creation order. */
export function expectConsistentWalk(result: WalkResult) {
  const { seeded, pages, inserted, deleted, deletedBeforePage, insertedBeforePage } = result;
  const seen = pages.flat();
  // No repeat.
  expect(new Set(seen).size, "an item appeared twice").toBe(seen.length);
  // No skip: every certificate that existed for the whole walk appears (exactly once, by the line above).
  const stable = seeded.filter((id) => !deleted.has(id));
  for (const id of stable) expect(seen, `${id} existed for the whole walk and was skipped`).toContain(id);
  // No ghost: a certificate deleted before a page was asked for is on no page from then on.
  pages.forEach((items, page) => {
    for (const id of items) expect(deletedBeforePage[page]!.has(id), `${id} was on page ${page} after its deletion`).toBe(false);
  });
  // Inserts go after every existing certificate: each one finished before the last page was asked for is read.
  for (const id of insertedBeforePage[pages.length - 1]!) expect(seen).toContain(id);
  // Everything seen is this organization's, in creation order (the immutable sort key).
  const order = new Map([...seeded, ...inserted].map((id, index) => [id, index]));
  for (const id of seen) expect(order.has(id), `${id} is not this organization's`).toBe(true);
  const positions = seen.map((id) => order.get(id)!);
  expect(positions, "pages out of creation order").toEqual([...positions].sort((a, b) => a - b));
}
