// @ts-check
// Copying a token or a secret the page shows: the clipboard where the browser allows it, else
// the text selected for the keyboard, so that it can always be copied.
import { $ } from "./dom.js";

/**
 * Copies the text of `valueId` to the clipboard, or selects it for Ctrl+C where the clipboard is refused.
 * @param {string} valueId
 * @param {string} statusId
 */
export async function copyShown(valueId, statusId) {
  try {
    await navigator.clipboard.writeText($(valueId).textContent ?? ""); // an element's text is never null
    $(statusId).textContent = "Copied to the clipboard.";
  } catch {
    // No clipboard access (permission refused, or not a secure context): select it for Ctrl+C.
    const range = document.createRange();
    range.selectNodeContents($(valueId));
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
    $(statusId).textContent = "Selected: press Ctrl+C (⌘C) to copy.";
  }
}
