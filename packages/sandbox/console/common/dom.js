// @ts-check
// The page's elements and the few ways the console makes new ones: plain DOM, no framework, so
// the console runs as it is served.

/**
 * The elements of index.html that the console uses as more than an HTMLElement, by id.
 * @typedef {{
 *   confirm: HTMLDialogElement,
 *   "filter-type": HTMLSelectElement, "filter-result": HTMLSelectElement,
 *   token: HTMLInputElement, "endpoint-url": HTMLInputElement, "add-form": HTMLFormElement,
 *   "endpoint-rows": HTMLTableSectionElement, "attempt-rows": HTMLTableSectionElement,
 *   "event-rows": HTMLTableSectionElement, "log-rows": HTMLTableSectionElement,
 * }} PageElements
 */
/**
 * An element of index.html, by id: the page has every id the console asks for.
 * @template {string} Id
 * @param {Id} id
 * @returns {Id extends keyof PageElements ? PageElements[Id] : HTMLElement}
 */
export const $ = (id) => /** @type {Id extends keyof PageElements ? PageElements[Id] : HTMLElement} */ (document.getElementById(id));

/**
 * The table of one of the page's table bodies.
 * @param {"attempt-rows" | "event-rows" | "log-rows"} id
 */
export const tableOf = (id) => /** @type {HTMLTableElement} */ ($(id).closest("table"));

/** Clears a view's status and alert lines, so no earlier outcome is left standing. @param {...string} ids */
export function clearMessages(...ids) {
  for (const id of ids) $(id).textContent = "";
}

/** Moves the focus to a heading, so a screen reader announces where an action led. @param {string} id */
export function focusHeading(id) {
  $(id).setAttribute("tabindex", "-1");
  $(id).focus();
}

/**
 * @template {keyof HTMLElementTagNameMap} Tag
 * @param {Tag} tag
 * @param {{ className?: string, text?: string, attributes?: Record<string, string> }} [options]
 * @param {...(Node | string)} children
 * @returns {HTMLElementTagNameMap[Tag]}
 */
export function element(tag, { className, text, attributes } = {}, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes ?? {})) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/**
 * A table cell; `label` names its column on narrow screens, where rows become cards.
 * @param {Node | string} content
 * @param {string} [className]
 * @param {string} [label]
 */
export function cell(content, className, label) {
  const td = element("td", { className });
  td.append(content);
  if (label) td.dataset.label = label;
  return td;
}

/** @param {string} iso */
export function timeOf(iso) {
  const node = element("time", { text: new Date(iso).toLocaleString() });
  node.dateTime = iso;
  return node;
}

/**
 * @param {string} label
 * @param {(event: MouseEvent) => unknown} onClick
 * @param {{ accessibleName?: string, kind?: string }} [options]
 */
export function button(label, onClick, { accessibleName, kind = "secondary" } = {}) {
  const node = element("button", { className: `btn btn-${kind}`, text: label });
  node.type = "button";
  // The visible label is the start of the accessible name (WCAG 2.5.3); the URL tells the rows apart.
  if (accessibleName) node.setAttribute("aria-label", accessibleName);
  node.addEventListener("click", onClick);
  return node;
}

/** A body block that scrolls inside its box, and so takes the keyboard focus: it scrolls without a mouse too. @param {string} title @param {string} text */
export function bodyBlock(title, text) {
  return element(
    "div",
    {},
    element("p", { className: "block-title", text: title }),
    element("pre", { text, attributes: { tabindex: "0" } }),
  );
}
