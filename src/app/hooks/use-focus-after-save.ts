import { useEffect } from "react";
import { focusFellToPage, MAIN_ID } from "../lib/focus";

/**
 * After a save, the record page it leads to gives the focus to its first useful action: the way
 * on (Place order on a draft) where the page has one, else the first of its own buttons. Without
 * this the focus fell to the top of the document and a keyboard user tabbed through the menu
 * and the header again to reach anything on the page they had just been sent to.
 */
let savedAt = 0;
/** A save whose page never came (the user went elsewhere at once) does not reach a later page. */
const PENDING_MS = 30_000;

/** A form saved and is about to leave for its record's page. */
export function focusFirstActionNext() {
  savedAt = Date.now();
}

/** The page's primary action, where it has one (the next step of an order). */
const PRIMARY_ACTION = "[role='group'] .ant-btn-primary:not(:disabled)";
/** The record's first own action; Refine shows it once the access check has answered. */
const EDIT = ".ant-page-header-heading-extra .refine-edit-button:not(:disabled)";
/** Else the header's first button that does something: not the way back to the list, not a refresh. */
const HEADER_ACTIONS = ".ant-page-header-heading-extra .ant-btn:not(:disabled):not(.refine-list-button):not(.refine-refresh-button)";
/** How long the record's own action is waited for before another of the header's is taken. */
const EDIT_WAIT_MS = 1_500;

/** The first match on screen: the list a record was opened from stays in the page, hidden, until Back. */
const shown = (root: ParentNode, selector: string) => [...root.querySelectorAll<HTMLElement>(selector)].find((el) => el.checkVisibility()) ?? null;

function firstAction(root: ParentNode, waited: boolean): HTMLElement | null {
  const own = shown(root, PRIMARY_ACTION) ?? shown(root, EDIT);
  return own ?? (waited ? shown(root, HEADER_ACTIONS) : null);
}

/**
 * On a record page: once its record is in (`ready`), the first action takes the focus, if a save
 * led here. Its buttons may mount a moment after the record (access answers, lazy parts): it waits
 * for one, briefly, and never takes the focus from a user who has put it somewhere meanwhile.
 */
export function useFocusAfterSave(ready: boolean) {
  useEffect(() => {
    // Cleared once used, not on entry: React runs an effect twice in development.
    if (!ready || Date.now() - savedAt > PENDING_MS) return;
    const root = document.getElementById(MAIN_ID) ?? document.body;
    const since = Date.now();
    const attempt = () => {
      const target = firstAction(root, Date.now() - since >= EDIT_WAIT_MS);
      if (!target || !focusFellToPage()) return false;
      savedAt = 0;
      target.focus();
      return true;
    };
    if (attempt()) return;
    const observer = new MutationObserver(() => {
      if (attempt() || !focusFellToPage()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["disabled"] });
    const fallBack = setTimeout(() => attempt() && observer.disconnect(), EDIT_WAIT_MS);
    const giveUp = setTimeout(() => observer.disconnect(), 5_000);
    return () => {
      observer.disconnect();
      clearTimeout(fallBack);
      clearTimeout(giveUp);
    };
  }, [ready]);
}
