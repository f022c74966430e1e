// @ts-check
// Destructive actions ask first, in a dialog of the page rather than the browser's confirm(),
// which cannot be styled, labelled or tested by role.
import { $ } from "./dom.js";

/**
 * Asks in a modal dialog of the page; resolves true when `action` is pressed, false on Cancel or Escape.
 * @param {{ title: string, text: string, action: string }} question
 * @returns {Promise<boolean>}
 */
export function confirmInPage({ title, text, action }) {
  const dialog = $("confirm");
  $("confirm-title").textContent = title;
  $("confirm-text").textContent = text;
  $("confirm-ok").textContent = action;
  dialog.returnValue = "";
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "confirm"), { once: true });
    dialog.showModal();
    $("confirm-cancel").focus();
  });
}
