// @ts-check
// Light or dark: the theme chosen with the header's toggle, kept in localStorage, else the
// system's, followed as it changes. index.html sets it before the first paint; the stylesheet
// reads only data-theme.
import { $ } from "../common/dom.js";

const THEME_KEY = "sandbox-theme";
const systemDark = matchMedia("(prefers-color-scheme: dark)");

function showTheme() {
  $("theme-toggle").setAttribute("aria-pressed", String(document.documentElement.dataset.theme === "dark"));
}

/** The system's theme, while no theme was chosen with the toggle. */
function followSystemTheme() {
  let chosen = null;
  try {
    chosen = localStorage.getItem(THEME_KEY);
  } catch {
    // Storage refused: nothing was kept.
  }
  if (chosen !== "dark" && chosen !== "light") document.documentElement.dataset.theme = systemDark.matches ? "dark" : "light";
  showTheme();
}

export function wireTheme() {
  showTheme();
  systemDark.addEventListener("change", followSystemTheme);
  $("theme-toggle").addEventListener("click", () => {
    const dark = $("theme-toggle").getAttribute("aria-pressed") !== "true";
    document.documentElement.dataset.theme = dark ? "dark" : "light";
    try {
      localStorage.setItem(THEME_KEY, dark ? "dark" : "light");
    } catch {
      // Storage refused: the choice lasts for this page.
    }
    showTheme();
  });
}
