// What every console view is held to, page by page: no violation axe-core finds, and nothing
// wider than the screen.
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** axe-core's violations on the page as it is now, each with the elements it names. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: axePath });
  const results = await page.evaluate(async () => (window as any).axe.run(document));
  return (results.violations as Array<{ id: string; nodes: Array<{ target: string[] }> }>).map(
    (violation) => `${violation.id} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
}

/** How far the page scrolls sideways: 0 when nothing is wider than the screen. */
export const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
