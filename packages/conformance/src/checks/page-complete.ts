// Cursor paging neither skips nor repeats records (Limits: pagination rules). page-walk finds
// repeats and loops; a page that leaves out the record just after the cursor looks like a
// good walk, so this reads the first page at the largest limit first and walks the same span
// in small pages: every record of the large page up to where the walk reached must be on one
// of the small ones. A record made after the large read is only in the walk, and harmless.
import type { ActiveCheck } from "../check.js";
import { pass, verdict } from "../outcome.js";
import { describeExchange, isSuccess, type Exchange } from "../exchange.js";
import { list, pageOf, pageQuery, recordKeyOf } from "./pagination.js";
import { listOperations } from "./operations.js";

export const pageComplete: ActiveCheck = {
  kind: "active",
  id: "page-complete",
  area: "pagination",
  clause: "Limits",
  title: "Paging skips no record: a walk in small pages holds every record of one read at the largest limit.",
  async run(context) {
    const failures: string[] = [];
    const notes: string[] = [];
    for (const operation of listOperations(context.contract)) {
      const { limit_minimum, limit_maximum } = operation.extensions.pagination!;
      const whole = await list(context, operation, pageQuery(operation, limit_maximum));
      // A list that cannot be read is page-walk's finding.
      if (!isSuccess(whole.response.status)) continue;
      const expected = pageOf(whole, operation).items.map(recordKeyOf);
      const limit = Math.max(limit_minimum, 2);
      // The pages of the walk, each with the last record before it.
      const walked = new Set<string>();
      const pages: Array<{ exchange: Exchange; after: string | undefined }> = [];
      let cursor: unknown;
      let last: string | undefined;
      let ended = false;
      const cursors = new Set<string>();
      const enough = Math.ceil(limit_maximum / limit) + 1;
      for (let read = 0; read < enough && context.target.remaining > 0; read++) {
        const exchange = await list(context, operation, pageQuery(operation, limit, cursor));
        if (!isSuccess(exchange.response.status)) break;
        const page = pageOf(exchange, operation);
        pages.push({ exchange, after: last });
        for (const item of page.items) walked.add((last = recordKeyOf(item)));
        if (page.cursor === null || page.cursor === undefined) {
          ended = true;
          break;
        }
        // A cursor again is page-walk's finding; the walk reached no further.
        if (cursors.has(String(page.cursor))) break;
        cursors.add(String(page.cursor));
        cursor = page.cursor;
        if (walked.size >= expected.length) break;
      }
      // Up to where the walk reached in the large page; all of it when the walk ended.
      const reached = ended ? expected.length : Math.max(...[...walked].map((id) => expected.indexOf(id))) + 1;
      const skipped = expected.slice(0, reached).filter((id) => !walked.has(id));
      for (const id of skipped.slice(0, 5)) {
        const position = expected.indexOf(id);
        const before = position > 0 ? expected[position - 1] : undefined;
        // The page read with the cursor after the record before it, where it should have come.
        const page = pages.find((candidate) => candidate.after === before) ?? pages.find((candidate) => candidate.after !== undefined);
        const where = page ? describeExchange(page.exchange) : `${operation.path} walked in pages of ${limit}`;
        failures.push(
          `${where}: ${id} is missing; ${describeExchange(whole)} has it${before ? ` just after ${before}` : " first"}, and paging skips no record`,
        );
      }
      if (skipped.length > 5) failures.push(`… and ${skipped.length - 5} more records skipped`);
      notes.push(`${operation.path}: ${walked.size} records in pages of ${limit}, ${expected.length} in one of ${limit_maximum}`);
    }
    return failures.length > 0 ? verdict(failures) : pass(notes.join("; "));
  },
};
