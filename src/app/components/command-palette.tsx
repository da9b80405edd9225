/**
 * Ctrl+K / ⌘K anywhere: go to any list or "new" form the role may use, and find a record by its
 * label (an order number, a customer's name or email, a SKU) through the API, so the reader's
 * row scope applies as in any list. On kbar as @refinedev/kbar ships it. Its own useRefineKbar
 * hook is not used: it offers lists only from a resource page (not the dashboard) and adds
 * "List" / "Delete" entries per resource that outranked what was typed ("New customer" + Enter
 * went to the dashboard's list) — the actions here come from the definitions and useCan instead.
 */
import {
  getListboxItemId,
  KBAR_LISTBOX,
  KBarAnimator,
  KBarPortal,
  KBarPositioner,
  KBarResults,
  Priority,
  RefineKbarProvider,
  useKBar,
  useMatches,
  useRegisterActions,
  VisualState,
  type Action,
} from "@refinedev/kbar";
import { useCan, useGo, useList } from "@refinedev/core";
import { theme } from "antd";
import { createElement, useCallback, useEffect, useMemo, useState } from "react";
import { ENTITIES } from "../../domain/entities";
import type { EntityDef } from "../../domain/fields";
import { t } from "../i18n";
import { resolveIcon } from "../icons";
import { recordLabel } from "../lib/entity-view";
import { setPaletteShown, takeTypeAhead } from "../lib/palette-type-ahead";

/** Records found per resource; the palette is for jumping, not browsing. */
const FOUND_PER_RESOURCE = 5;
const SEARCH_DELAY_MS = 200;
/** Records are found among the business records; the audit log is a list to go to, not a label to find. */
const IN_MENU = ENTITIES.filter((def) => def.menu !== false);
const SEARCHED = IN_MENU.filter((def) => !def.readOnly);

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/**
 * kbar orders sections by their best match unless a section states a priority. Records arrive from
 * the server a moment after each keystroke; ranked by match they jumped above "Products" or "New
 * customer" under the pointer and the highlight, so a click or Enter landed on another entry. Going
 * somewhere comes first and stays put; found records follow below it.
 */
const NAVIGATION = Priority.HIGH;
const FOUND = Priority.LOW;

/** "Go to" and "New" for one resource, if the role may list / create it. */
function ResourceActions({ def }: { def: EntityDef }) {
  const go = useGo();
  const list = useCan({ resource: def.name, action: "list" });
  const create = useCan({ resource: def.name, action: "create", queryOptions: { enabled: !def.readOnly } });
  const actions = useMemo(() => {
    const out: Action[] = [];
    const icon = createElement(resolveIcon(def.icon));
    const label = t(`entities.${def.name}.label`);
    if (list.data?.can)
      out.push({
        id: `go-${def.name}`,
        name: label,
        section: { name: t("palette.goTo"), priority: NAVIGATION },
        icon,
        keywords: `${def.name} ${def.label}`,
        perform: () => go({ to: `/${def.name}` }),
      });
    if (!def.readOnly && create.data?.can)
      out.push({
        id: `new-${def.name}`,
        name: t("palette.new", { what: t(`entities.${def.name}.singular`).toLowerCase() }),
        section: { name: t("palette.create"), priority: NAVIGATION },
        icon,
        keywords: `${def.name} ${def.singular}`,
        perform: () => go({ to: `/${def.name}/create` }),
      });
    return out;
  }, [def, list.data?.can, create.data?.can, go]);
  useRegisterActions(actions, [actions]);
  return null;
}

/** Records of one resource whose searchable fields contain what was typed, as the server finds them. */
function RecordActions({ def, query, onBusy }: { def: EntityDef; query: string; onBusy: (resource: string, busy: boolean) => void }) {
  const go = useGo();
  const list = useCan({ resource: def.name, action: "list" });
  const enabled = query.length >= 2 && !!list.data?.can;
  const { result, query: found } = useList({
    resource: def.name,
    filters: [{ field: "q", operator: "eq", value: query }],
    pagination: { currentPage: 1, pageSize: FOUND_PER_RESOURCE },
    queryOptions: { enabled },
    // A palette search is not a list the user sees: no error toasts for it.
    errorNotification: false,
  });
  const actions = useMemo<Action[]>(() => {
    if (!enabled) return [];
    return (result?.data ?? []).map((record) => ({
      id: `record-${def.name}-${record.id}`,
      name: recordLabel(def, record) ?? t("list.recordN", { what: t(`entities.${def.name}.singular`), id: String(record.id) }),
      subtitle: t(`entities.${def.name}.singular`),
      section: { name: t(`entities.${def.name}.label`), priority: FOUND },
      // kbar matches its own actions against what was typed; the server already did the finding.
      keywords: query,
      icon: createElement(resolveIcon(def.icon)),
      perform: () => go({ to: `/${def.name}/show/${record.id}` }),
    }));
  }, [enabled, result?.data, def, query, go]);
  useRegisterActions(actions, [actions]);
  const busy = enabled && found.isFetching;
  useEffect(() => {
    onBusy(def.name, busy);
    return () => onBusy(def.name, false);
  }, [def.name, busy, onBusy]);
  return null;
}

/**
 * kbar's own search box, less its lag: its value came from kbar's store a render after each key,
 * and a key typed meanwhile (a barcode scanner types a SKU in 30 ms) replaced the one before. Here
 * the box holds its own text, at once, and tells kbar; the rest is as kbar's (the combobox, its
 * listbox and highlighted option, the focus on opening).
 */
function SearchBox({ style }: { style: React.CSSProperties }) {
  const { query, activeIndex, showing } = useKBar((state) => ({ activeIndex: state.activeIndex, showing: state.visualState === VisualState.showing }));
  const [text, setText] = useState("");
  useEffect(() => () => query.setSearch(""), [query]);
  return (
    <input
      ref={query.inputRefSetter}
      // The palette is opened to type into: the box takes the focus from wherever it was.
      autoFocus
      autoComplete="off"
      spellCheck={false}
      role="combobox"
      aria-label={t("palette.label")}
      aria-expanded={showing}
      aria-controls={KBAR_LISTBOX}
      aria-activedescendant={getListboxItemId(activeIndex)}
      placeholder={t("palette.placeholder")}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        query.setSearch(e.target.value);
      }}
      style={style}
    />
  );
}

/**
 * What was typed since Ctrl+K (palette-type-ahead.ts) goes into the box once the palette has
 * finished opening. Until then kbar is still mounting and registering, and its box (a controlled
 * input fed through its store a render late) let a key typed meanwhile replace the one before.
 * The text goes in as typing does, an input event React handles at once, outside React's commit;
 * keys typed until then are still held, so none overtakes it.
 */
function TypedAhead() {
  const { query, showing } = useKBar((state) => ({ showing: state.visualState === VisualState.showing }));
  useEffect(() => {
    if (!showing) return;
    const timer = setTimeout(() => {
      const typed = takeTypeAhead();
      if (!typed) return;
      query.getInput().focus();
      // execCommand is deprecated but is still the one way to type into a field as the user would
      // (input events, the caret, undo); where a browser refuses it, the store takes the text.
      if (!document.execCommand("insertText", false, typed)) query.setSearch(typed);
    });
    return () => clearTimeout(timer);
  }, [query, showing]);
  return null;
}

/** Said when nothing matches what was typed, once the server's search for it has answered. */
function Results({ searching }: { searching: boolean }) {
  const { results } = useMatches();
  const { token } = theme.useToken();
  const { search } = useKBar((state) => ({ search: state.searchQuery }));
  const none = !results.length && !!search.trim() && !searching;
  return (
    <>
      <div role="status" style={{ padding: none ? "12px 16px" : 0, color: token.colorTextSecondary }}>
        {none ? t("palette.noResults") : null}
      </div>
      <MatchList />
    </>
  );
}

function MatchList() {
  const { results } = useMatches();
  const { token } = theme.useToken();
  return (
    <KBarResults
      items={results}
      onRender={({ item, active }) =>
        typeof item === "string" ? (
          <div style={{ padding: "8px 16px 4px", fontSize: 12, textTransform: "uppercase", color: token.colorTextSecondary }}>{item}</div>
        ) : (
          <div
            style={{
              padding: "10px 16px",
              display: "flex",
              gap: 10,
              alignItems: "center",
              cursor: "pointer",
              background: active ? token.controlItemBgActive : "transparent",
              borderLeft: `2px solid ${active ? token.colorPrimary : "transparent"}`,
              color: item.name.toLowerCase() === "delete" ? token.colorError : token.colorText,
            }}
          >
            {/* The icon's own label ("shopping-cart") is not part of what the option is called. */}
            <span aria-hidden="true">{item.icon}</span>
            <span>{item.name}</span>
            {item.subtitle && <span style={{ color: token.colorTextSecondary, fontSize: 12 }}>{item.subtitle}</span>}
          </div>
        )
      }
    />
  );
}

/**
 * The palette with its own kbar provider: app.tsx loads this module on the first Ctrl+K / ⌘K
 * (`openAtOnce`), so kbar is not in every page's code; from then on kbar's own shortcut toggles it.
 */
export function CommandPalette({ openAtOnce = false }: { openAtOnce?: boolean }) {
  return (
    <RefineKbarProvider>
      <Palette openAtOnce={openAtOnce} />
    </RefineKbarProvider>
  );
}

function Palette({ openAtOnce }: { openAtOnce: boolean }) {
  const { token } = theme.useToken();
  const { search, open, query: kbar } = useKBar((state) => ({ search: state.searchQuery, open: state.visualState !== "hidden" }));
  useEffect(() => {
    // Opened, not toggled: run twice (React's strict mode does so in development), a toggle shut it again.
    if (openAtOnce) kbar.setVisualState((state) => (state === VisualState.hidden ? VisualState.animatingIn : state));
    // Once, for the keypress that loaded it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    setPaletteShown(open);
    return () => setPaletteShown(false);
  }, [open]);
  const query = useDebounced(open ? search.trim() : "", SEARCH_DELAY_MS);
  // Resources whose records are being searched for: until they answer, "no results" is not yet true.
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const onBusy = useCallback((resource: string, isBusy: boolean) => {
    setBusy((before) => {
      if (before.has(resource) === isBusy) return before;
      const after = new Set(before);
      if (isBusy) after.add(resource);
      else after.delete(resource);
      return after;
    });
  }, []);
  const searching = query !== (open ? search.trim() : "") || busy.size > 0;
  return (
    <>
      {IN_MENU.map((def) => (
        <ResourceActions key={def.name} def={def} />
      ))}
      {open && SEARCHED.map((def) => <RecordActions key={def.name} def={def} query={query} onBusy={onBusy} />)}
      <KBarPortal>
        <KBarPositioner style={{ zIndex: 2000, background: "rgba(0, 0, 0, 0.35)", padding: "12vh 12px 12px" }}>
          <KBarAnimator
            style={{
              width: "min(600px, 100%)",
              background: token.colorBgElevated,
              color: token.colorText,
              borderRadius: token.borderRadiusLG,
              overflow: "hidden",
              boxShadow: token.boxShadow,
            }}
          >
            {/* Portalled outside antd's styled tree: the app's font is set here, not inherited. */}
            <div role="dialog" aria-modal="true" aria-label={t("palette.label")} style={{ fontFamily: token.fontFamily }}>
              <SearchBox
                style={{
                  width: "100%",
                  boxSizing: "border-box",
                  padding: "14px 16px",
                  font: "inherit",
                  fontSize: 16,
                  border: "none",
                  outline: "none",
                  background: "transparent",
                  color: token.colorText,
                }}
              />
              <TypedAhead />
              <Results searching={searching} />
            </div>
          </KBarAnimator>
        </KBarPositioner>
      </KBarPortal>
    </>
  );
}
