/**
 * What is typed between Ctrl+K / ⌘K and the palette's search box taking focus. The box mounts a
 * moment after the shortcut (on the first press, after the palette's code has arrived), and keys
 * typed in that moment went to whatever had focus: into the form field being edited, or nowhere.
 * While the palette opens, the keys typed are held here (the text handed to its search box when it
 * is ready, other keys dropped), so "Ctrl+K ada" always searches for "ada" and never edits the page
 * below.
 */

/**
 * Long enough for the palette to open on a slow line or a busy machine (3 s was not: in CI, with
 * both cores busy, a scanned SKU was held that long and then dropped); keys are never held longer.
 */
export const TYPE_AHEAD_MAX_MS = 10_000;

let holding = false;
let typed = "";
let paletteShown = false;
let timer: ReturnType<typeof setTimeout> | undefined;

function stop() {
  holding = false;
  typed = "";
  clearTimeout(timer);
}

/** The palette reports whether it is on screen; Ctrl+K while it is shown closes it instead. */
export function setPaletteShown(shown: boolean) {
  paletteShown = shown;
}

/** Called by the search box once it has focus: what was typed meanwhile, and holding stops. */
export function takeTypeAhead(): string {
  const out = typed;
  stop();
  return out;
}

const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta", "CapsLock", "AltGraph"]);

/** Ctrl+K, or ⌘K on a Mac: the palette's shortcut. */
export function isPaletteShortcut(e: KeyboardEvent) {
  return (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k";
}

/** Capture phase, so a held key reaches neither the focused field nor any page shortcut. */
export function onKeyDownForTypeAhead(e: KeyboardEvent) {
  if (isPaletteShortcut(e)) {
    if (paletteShown) stop();
    else {
      stop();
      holding = true;
      timer = setTimeout(stop, TYPE_AHEAD_MAX_MS);
    }
    return;
  }
  if (!holding || e.isComposing) return;
  if (e.key === "Escape") return stop();
  if (e.ctrlKey || e.metaKey || e.altKey || MODIFIERS.has(e.key)) return;
  if (e.key.length === 1) typed += e.key;
  else if (e.key === "Backspace") typed = typed.slice(0, -1);
  // Enter, Tab, arrows: meant for the palette, which is not there yet. Dropped, so an Enter never
  // submits the form below nor picks an entry before the text it was typed after.
  e.preventDefault();
  e.stopPropagation();
}

/** Installs the listener; returns its removal. */
export function listenForTypeAhead(): () => void {
  window.addEventListener("keydown", onKeyDownForTypeAhead, { capture: true });
  return () => {
    window.removeEventListener("keydown", onKeyDownForTypeAhead, { capture: true });
    stop();
  };
}
