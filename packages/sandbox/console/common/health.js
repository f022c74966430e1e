// @ts-check
// An endpoint's health, in the list and on its page: the success rate of its recent attempts,
// the deliveries still to be retried, and the two drawings of it (a meter, a strip of bars).
/** @import { Attempt } from "./control-api-types.js" */
import { element } from "./dom.js";
import { answerText } from "./wording.js";

/** How many of the newest attempts the health figure and the chart count. */
export const CHART_BARS = 40;
const SVG = "http://www.w3.org/2000/svg";

/** Success rate of recent attempts: `{ total, succeeded, rate }`, rate null when there are none. @param {Attempt[]} attempts */
export function healthOf(attempts) {
  const succeeded = attempts.filter((attempt) => attempt.succeeded).length;
  return { total: attempts.length, succeeded, rate: attempts.length ? Math.round((succeeded / attempts.length) * 100) : null };
}

/** @param {ReturnType<typeof healthOf>} health */
export function healthText({ total, succeeded, rate }) {
  if (!total) return "No attempts yet";
  return `${rate}% succeeded (${succeeded} of ${total})`;
}

/** The latest attempt of each delivery still to be retried: what a failing endpoint is waiting for. @param {Attempt[]} attempts */
export function pendingRetries(attempts) {
  /** @type {Map<string, Attempt>} */
  const latest = new Map();
  for (const attempt of attempts) if (!latest.has(attempt.delivery_id)) latest.set(attempt.delivery_id, attempt);
  return [...latest.values()].filter((attempt) => !attempt.succeeded && attempt.next_attempt_at);
}

/**
 * The recent attempts as a strip of bars, newest right: a tall bar for each success, a short
 * one for each failure (shape as well as colour); its label says the success rate.
 * @param {Attempt[]} attempts
 */
export function healthChart(attempts) {
  const shown = attempts.slice(0, CHART_BARS).reverse();
  const width = 240;
  const height = 48;
  const step = width / CHART_BARS;
  // Newest at the right edge, as on a time axis.
  const offset = CHART_BARS - shown.length;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("role", "img");
  const health = healthOf(shown);
  svg.setAttribute(
    "aria-label",
    shown.length
      ? `Success rate ${health.rate}% over the last ${shown.length} attempts: ${health.succeeded} succeeded, ${shown.length - health.succeeded} failed.`
      : "No attempts yet.",
  );
  svg.classList.add("health-chart");
  const baseline = document.createElementNS(SVG, "line");
  Object.entries({ x1: 0, x2: width, y1: height - 0.5, y2: height - 0.5, class: "chart-axis" }).forEach(([k, v]) =>
    baseline.setAttribute(k, String(v)),
  );
  svg.append(baseline);
  shown.forEach((attempt, index) => {
    const bar = document.createElementNS(SVG, "rect");
    const tall = attempt.succeeded ? height - 14 : 12;
    bar.setAttribute("x", String((offset + index) * step + 1));
    bar.setAttribute("width", String(Math.max(step - 2, 1)));
    bar.setAttribute("y", String(height - 1 - tall));
    bar.setAttribute("height", String(tall));
    bar.setAttribute("rx", "1");
    bar.setAttribute("class", attempt.succeeded ? "bar-ok" : "bar-failed");
    const title = document.createElementNS(SVG, "title");
    title.textContent = `${attempt.event_type}: ${answerText(attempt)}`;
    bar.append(title);
    svg.append(bar);
  });
  return svg;
}

/** A small bar of a percentage; decorative beside the text that says it. @param {number} rate */
export function meter(rate) {
  const bar = element("span", { className: "meter", attributes: { "aria-hidden": "true" } });
  const fill = element("span", { className: rate >= 90 ? "meter-fill" : "meter-fill meter-poor" });
  fill.style.width = `${rate}%`;
  bar.append(fill);
  return bar;
}
