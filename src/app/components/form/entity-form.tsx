import { Create, Edit, ListButton, useForm } from "@refinedev/antd";
import { useGo, type BaseRecord, type HttpError, type OpenNotificationParams } from "@refinedev/core";
import { Alert, Form, Spin, type FormInstance } from "antd";
import { lazy, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import type { EntityDef } from "../../../domain/fields";
import { canDo } from "../../../domain/policy";
import { keepSavedRecord } from "../../hooks/record-at-hand";
import { useAbility, useSessionUser } from "../../hooks/use-session";
import { useLocale, type Locale } from "../../i18n/use-locale";
import { conflictRows } from "../../lib/conflict";
import { focusFellToPage } from "../../lib/focus";
import { focusFirstActionNext } from "../../hooks/use-focus-after-save";
import { createDefaults, fixedCreateValues, formFields, type FormMode, type NamedField } from "../../lib/entity-view";
import { presetCreateValues } from "../../lib/create-presets";
import { safeReturnPath } from "../../lib/return-path";
import { toPayload } from "../../lib/payload";
import type { AppHttpError } from "../../providers/http-client";
import { FieldInput } from "../fields/field-input";
import { ForbiddenResult, LoadErrorResult } from "../result/error-result";
import { LazyBoundary } from "../result/lazy-boundary";
import { ServerErrorsContext, type ServerErrors } from "./server-errors";
import { BACK_ICON } from "../layout/back-icon";

// Shown only when a save meets a newer version: loaded then, not with every form.
const ConflictDialog = lazy(() => import("./conflict-dialog").then((m) => ({ default: m.ConflictDialog })));

type Values = Record<string, unknown>;

// An input the user can type into or pick with (a select's search box is read-only until it may search); fixed fields are disabled.
const FIRST_FIELD =
  'input:not([disabled]):not([type="hidden"]):is(:not([readonly]), [role="combobox"]), textarea:not([disabled]), button[role="switch"]:not([disabled])';

/** Field errors land on their inputs; a notification only for what no input can show. */
function errorNotification(def: EntityDef, fields: NamedField[], mode: FormMode, l: Locale) {
  return (error?: HttpError): OpenNotificationParams | false => {
    const e = error as AppHttpError | undefined;
    if (e?.code === "VERSION_CONFLICT") return false;
    const onFields = Object.keys(e?.errors ?? {}).filter((k) => fields.some(([name]) => k === name || k.startsWith(`${name}.`)));
    if (onFields.length && onFields.length === Object.keys(e?.errors ?? {}).length) return false;
    return {
      type: "error",
      message: l.t(mode === "create" ? "form.createFailed" : "form.saveFailed", { what: l.singular(def).toLowerCase() }),
      description: e?.message ?? l.t("errors.unexpected"),
      key: `${def.name}-form-error`,
    };
  };
}

/** Field types whose input shows the server's errors about their parts itself (`rules.3.fields`). */
const SHOWS_OWN_ERRORS = new Set(["rules"]);

/**
 * Refine's useForm resets the form whenever its record is read, to fill it from `initialValues`. A
 * reset mounts every input anew (rc-field-form keys each field by its count of resets), and with the
 * inputs every select's and the order lines' look-ups. Three of those resets are not made so:
 * - the first, as the form mounts: antd's Form has already filled it. Skipped unless something has
 *   been touched; an edit form opened from its record rendered its inputs twice and asked for each
 *   look-up twice.
 * - any after a save succeeded (`saved`): the saved record takes the place of the one the form
 *   read as the page leaves for the record's page (keepSavedRecord), and a reset then re-mounted the
 *   form and re-sent its look-ups inside the navigation, holding back the record's page and the
 *   save's notification by some 130 ms.
 * - a read while nothing has been touched (the record arriving after the form mounted empty, or a
 *   form opened from its record's cached read getting the re-read with someone's change): its values
 *   go into the inputs as they stand, so a picker the user is opening stays open and the focus stays
 *   where the user put it.
 * Every other one goes through (a newer read under what has been typed, or a reload after a
 * conflict). Set before Refine's effect runs (a layout effect runs first), as is the record the form
 * renders (`record`), which it reads.
 */
function useNeededResetsOnly(form: FormInstance, saved: { readonly current: boolean }, record: BaseRecord | undefined) {
  const latest = useRef(record);
  useLayoutEffect(() => {
    latest.current = record;
  }, [record]);
  useLayoutEffect(() => {
    const reset = form.resetFields;
    let first = true;
    form.resetFields = (fields) => {
      const wasFirst = first;
      first = false;
      if (saved.current) return;
      if (!form.isFieldsTouched() && !fields) {
        if (wasFirst) return;
        if (latest.current) return form.setFieldsValue(latest.current);
      }
      reset(fields);
    };
    return () => {
      form.resetFields = reset;
    };
  }, [form, saved]);
}

/**
 * The generic create and edit form of an entity. `wide`: the form takes the page's width (a
 * role's grid of rules), its one-line inputs still as wide as in any form.
 */
export function EntityForm({ def, mode, id, wide = false }: { def: EntityDef; mode: FormMode; id?: string | number; wide?: boolean }) {
  const ability = useAbility();
  const l = useLocale();
  // The values last sent, and the record the server holds now when that save met a conflict.
  const submitted = useRef<Values>({});
  // This form's save has succeeded: the page is leaving (for the record's page, or where it came from).
  const saved = useRef(false);
  // The record the form was opened with, once its save has succeeded: the form keeps rendering it
  // on its way out, while its cached read takes the saved record for the record's page, rather
  // than render every input again for a form being left.
  const [leftWith, leaveWith] = useState<BaseRecord>();
  const [theirs, setTheirs] = useState<Values | null>(null);
  // The last refused save's field errors, for inputs that place them on their own parts.
  const [serverErrors, setServerErrors] = useState<ServerErrors | null>(null);
  // A refusal no input can show (the last admin kept): said on the form, where the user is looking.
  const [refusal, setRefusal] = useState<string | null>(null);
  // Someone else changed or deleted this record while it is open here (GET /api/events).
  const [news, setNews] = useState<{ name: string | null; deleted: boolean } | null>(null);
  const me = useSessionUser();
  // Refine keeps the first onLiveEvent it was given: read who "I" am through a ref.
  const myId = useRef<unknown>(undefined);
  useEffect(() => {
    myId.current = me?.id;
  }, [me?.id]);
  // The inputs depend on the loaded record, which useForm loads: the error handler reads them late.
  const fieldsRef = useRef<NamedField[]>([]);
  // A new record started from another one's page (a customer's "New order") goes back there once saved.
  const [search] = useSearchParams();
  const returnTo = mode === "create" && search.has("to") ? safeReturnPath(search.get("to")) : null;
  const go = useGo();
  // @refinedev/antd's useForm: load, save, redirect, notifications, the server's field errors on
  // their inputs, and the unsaved-changes warning armed by any edit.
  const { formProps, saveButtonProps, query, onFinish, form, mutation } = useForm<BaseRecord, HttpError, Values>({
    resource: def.name,
    action: mode,
    id,
    redirect: returnTo ? false : "show",
    warnWhenUnsavedChanges: true,
    queryOptions: { enabled: mode === "edit" },
    // Refine refetches the record after every save attempt, which would reset the form under a
    // user whose save was refused (a version conflict). A save that succeeded answers with the
    // record as saved, which its cached read takes (keepSavedRecord): the form's query does not
    // read it again; the record's page reads it once as it opens.
    invalidates: ["list", "many"],
    // Told, not refetched: a refetch would reset what is being typed. The notice says who, the
    // conflict dialog decides on save.
    liveMode: mode === "edit" ? "manual" : "off",
    onLiveEvent: (event) => {
      if (event.payload.actorId === myId.current) return;
      setNews({ name: typeof event.payload.actorName === "string" ? event.payload.actorName : null, deleted: event.type === "deleted" });
    },
    errorNotification: (error) => errorNotification(def, fieldsRef.current, mode, l)(error),
    // The record by its name: "Customer Ada Lovelace created".
    successNotification: (data) => {
      const saved = (data?.data ?? {}) as BaseRecord;
      const name = String(saved[def.recordLabel] ?? saved.id ?? "");
      return { type: "success", message: l.t(mode === "create" ? "form.created" : "form.saved", { what: l.singular(def), name }) };
    },
    onMutationError: (error) => {
      const e = error as AppHttpError;
      setServerErrors(e.errors ? { errors: e.errors, sent: submitted.current } : null);
      // Only an answer of the server (a lost connection is said elsewhere); field errors stay on their fields.
      setRefusal(e.code && e.code !== "VERSION_CONFLICT" && errorNotification(def, fieldsRef.current, mode, l)(e) ? e.message : null);
      // An input that places errors on its parts gets one line under it, not each part's again.
      const own = fieldsRef.current.filter(([name, f]) => SHOWS_OWN_ERRORS.has(f.type) && Object.keys(e.errors ?? {}).some((k) => k.startsWith(`${name}.`)));
      if (own.length) form.setFields(own.map(([name]) => ({ name, errors: [l.t("roleEditor.fixMarked")] })));
      const current = e.body?.current;
      if (e.code === "VERSION_CONFLICT" && current && typeof current === "object") setTheirs(current as Values);
      // The server's refusal lands on the inputs (useForm set them just before): the first of them takes the focus.
      const first = form.getFieldsError().find((f) => f.errors.length);
      if (first) form.scrollToField(first.name, { block: "nearest", focus: true });
    },
    onMutationSuccess: (answer) => {
      saved.current = true;
      if (mode === "edit") leaveWith(query?.data?.data);
      focusFirstActionNext();
      setTheirs(null);
      setServerErrors(null);
      setRefusal(null);
      setNews(null);
      if (mode === "edit" && id !== undefined) keepSavedRecord(def.name, id, answer?.data);
      if (returnTo) go({ to: returnTo });
    },
  });
  const record: BaseRecord | undefined = leftWith ?? query?.data?.data;
  useNeededResetsOnly(form, saved, record);
  const fields = useMemo(() => formFields(def, ability, mode, mode === "edit" ? record : undefined), [def, ability, mode, record]);
  useEffect(() => {
    fieldsRef.current = fields;
  }, [fields]);
  const fixed = useMemo(() => (mode === "create" ? fixedCreateValues(def, ability) : {}), [def, ability, mode]);
  // What the link that opened the form names (?customerId=5), then the creator where they may be the one (owner, assignee).
  const presets = useMemo(() => (mode === "create" ? presetCreateValues(fields, search, me) : {}), [mode, fields, search, me]);
  const initialValues = useMemo(() => (mode === "create" ? { ...createDefaults(def), ...presets, ...fixed } : record), [mode, def, presets, fixed, record]);
  // Who is signed in may be known only after the form has mounted (antd reads initial values once).
  useEffect(() => {
    for (const [name, value] of Object.entries(presets))
      if (!(name in fixed) && !form.isFieldTouched(name) && form.getFieldValue(name) === undefined) form.setFieldValue(name, value);
  }, [presets, fixed, form]);

  // The first field the user may change takes the focus when the form opens (once its record is in).
  // A callback ref in state: the form's box may be attached after the first commit (Refine's page frame).
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const ready = mode === "create" || !!record;
  useEffect(() => {
    if (!ready || !root) return;
    let focused: HTMLElement | null = null;
    const focusFirst = () => {
      // Done, unless the input focused was replaced (the edit form re-mounts its inputs once its record is in).
      if (focused?.isConnected) return;
      // Never from under a user who has already clicked into something.
      if (!focusFellToPage()) return;
      const first = root.querySelector<HTMLElement>(FIRST_FIELD);
      if (!first) return;
      focused = first;
      first.focus();
    };
    focusFirst();
    // Inputs loaded on demand, or re-mounted: focus the first one once it is there.
    const observer = new MutationObserver(focusFirst);
    observer.observe(root, { childList: true, subtree: true });
    // The form is the user's once they move elsewhere.
    const stop = () => {
      if (focused && document.activeElement !== focused && document.activeElement !== document.body) observer.disconnect();
    };
    document.addEventListener("focusin", stop);
    return () => {
      observer.disconnect();
      document.removeEventListener("focusin", stop);
    };
  }, [ready, root]);

  // The inputs, rendered again only when what they show changes. A save renders the form twice
  // before its request is sent (Refine's useForm lifts the unsaved-changes warning, the mutation
  // starts): rendering every input then held the request back by some 100 ms. Inputs still follow
  // their own state and contexts (the form's values, the server's errors, the language).
  const inputs = useMemo(
    () =>
      mode === "edit" && !record ? (
        <Spin />
      ) : (
        fields.map(([name, field]) =>
          wide && field.type !== "rules" ? (
            <div key={name} style={{ maxWidth: 640 }}>
              <FieldInput name={name} field={field} mode={mode} fixed={name in fixed} />
            </div>
          ) : (
            <FieldInput key={name} name={name} field={field} mode={mode} fixed={name in fixed} />
          ),
        )
      ),
    [mode, record, fields, wide, fixed],
  );

  if (mode === "edit" && query?.isError) return <LoadErrorResult error={query.error} what={def.singular.toLowerCase()} />;
  if (mode === "edit" && record && !canDo(ability, "update", def.name as never, record)) return <ForbiddenResult />;

  // An admin's own role and active switch are not theirs to change (they could lock everyone out): said where they would be.
  const selfEdit = mode === "edit" && def.name === "staff" && !!record && me?.id === record.id && !fields.some(([name]) => name === "role");

  // The form is always mounted (useForm resets it when the record arrives), empty until then.
  const body = (
    <div ref={setRoot}>
      <ServerErrorsContext.Provider value={serverErrors}>
        <Form
          {...formProps}
          initialValues={initialValues}
          layout="vertical"
          style={{ maxWidth: wide ? undefined : 640 }}
          onFinish={(values: Values) => {
            submitted.current = { ...values, ...fixed };
            return onFinish(toPayload(fields, submitted.current, mode, record)).catch(() => undefined);
          }}
          scrollToFirstError={{ block: "nearest", focus: true }}
        >
          {inputs}
          {selfEdit && <Alert type="info" showIcon role="note" style={{ marginBottom: 16 }} message={l.t("form.selfLocked")} />}
          {refusal && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} message={l.t("form.refused")} description={refusal} />}
        </Form>
      </ServerErrorsContext.Provider>
    </div>
  );

  const conflict =
    mode === "edit" && record && theirs ? (
      <LazyBoundary>
        <ConflictDialog
          open
          rows={conflictRows(fields, record, theirs, submitted.current)}
          fields={def.fields}
          saving={mutation.isPending}
          onKeepEditing={() => setTheirs(null)}
          onReload={async () => {
            setTheirs(null);
            await query?.refetch();
            form.resetFields();
          }}
          // Only this form's own changes (against what it opened), stated on their version.
          onOverwrite={() => onFinish({ ...toPayload(fields, submitted.current, mode, record), version: theirs.version }).catch(() => undefined)}
        />
      </LazyBoundary>
    ) : null;

  const title =
    mode === "create"
      ? l.t("form.newTitle", { what: l.singular(def).toLowerCase() })
      : l.t("form.editTitle", { what: record ? String(record[def.recordLabel] ?? "") : l.singular(def).toLowerCase() });
  const save = { ...saveButtonProps, loading: mutation.isPending };
  const list = <ListButton resource={def.name}>{l.entityLabel(def)}</ListButton>;
  if (mode === "create")
    return (
      <Create goBack={BACK_ICON} title={title} headerButtons={list} saveButtonProps={save}>
        {body}
      </Create>
    );
  return (
    <Edit
      goBack={BACK_ICON}
      title={title}
      isLoading={query?.isLoading}
      // No refresh here (it would reset what is typed), no delete (the record page has it, under the row rule).
      headerButtons={list}
      canDelete={false}
      saveButtonProps={save}
    >
      {news && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 16, maxWidth: 640 }}
          message={l.t(news.deleted ? "form.deletedBy" : "form.changedBy", { name: news.name ?? l.t("form.someone"), what: l.singular(def).toLowerCase() })}
        />
      )}
      {body}
      {conflict}
    </Edit>
  );
}
