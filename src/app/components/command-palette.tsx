/**
 * Ctrl+K / ⌘K anywhere: go to any list or "new" form the role may use, and find a record by its
 * label (an order number, a customer's name or email, a SKU) through the API, so the reader's
 * row scope applies as in any list. On kbar as @refinedev/kbar ships it. Its own useRefineKbar
 * hook is not used: it offers lists only from a resource page (not the dashboard) and adds
 * "List" / "Delete" entries per resource that outranked what was typed ("New customer" + Enter
 * went to the dashboard's list) — the actions here come from the definitions and useCan instead.
 */
import {
  KBarAnimator,
  KBarPortal,
  KBarPositioner,
  KBarResults,
  KBarSearch,
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
import { createElement, useEffect, useMemo, useState } from "react";
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
const SEARCHED = ENTITIES.filter((def) => !def.readOnly);

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
function RecordActions({ def, query }: { def: EntityDef; query: string }) {
  const go = useGo();
  const list = useCan({ resource: def.name, action: "list" });
  const enabled = query.length >= 2 && !!list.data?.can;
  const { result } = useList({
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
  return null;
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

function Results() {
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
    if (openAtOnce) kbar.toggle();
    // Once, for the keypress that loaded it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    setPaletteShown(open);
    return () => setPaletteShown(false);
  }, [open]);
  const query = useDebounced(open ? search.trim() : "", SEARCH_DELAY_MS);
  return (
    <>
      {ENTITIES.map((def) => (
        <ResourceActions key={def.name} def={def} />
      ))}
      {open && SEARCHED.map((def) => <RecordActions key={def.name} def={def} query={query} />)}
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
            <KBarSearch
              aria-label={t("palette.label")}
              defaultPlaceholder={t("palette.placeholder")}
              style={{
                width: "100%",
                boxSizing: "border-box",
                padding: "14px 16px",
                fontSize: 16,
                border: "none",
                outline: "none",
                background: "transparent",
                color: token.colorText,
              }}
            />
            <TypedAhead />
            <Results />
          </KBarAnimator>
        </KBarPositioner>
      </KBarPortal>
    </>
  );
}
