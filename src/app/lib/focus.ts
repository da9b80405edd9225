/** The page's main box (the layout's), which the skip link and the code that moves the focus for the user look for. */
export const MAIN_ID = "main-content";

/**
 * Whether the focus is nobody's: on the document itself or the page's main box, where it falls
 * when what had it goes (a page replaced, a list hidden). Code that moves the focus for the user
 * does so only then, never from under a user who has put it somewhere.
 */
export function focusFellToPage(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active.id === MAIN_ID;
}
