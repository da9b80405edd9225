import { EditOutlined } from "@ant-design/icons";
import { useDataProvider, useInvalidate, useNotification, type BaseKey, type BaseRecord } from "@refinedev/core";
import { Button, Checkbox, Form, Modal, Space, Typography } from "antd";
import { useId, useMemo, useState } from "react";
import { BULK_EDIT_MAX_IDS } from "../../../domain/constants";
import type { ResourceName } from "../../../domain/entities";
import type { ErrorBody } from "../../../domain/errors";
import type { EntityDef } from "../../../domain/fields";
import { checkFieldValue } from "../../../domain/schema";
import { canDo } from "../../../domain/policy";
import { API_URL } from "../../config";
import { useAbility } from "../../hooks/use-session";
import { localizeError } from "../../i18n/server-messages";
import { useLocale, type Locale } from "../../i18n/use-locale";
import { bulkEditableFields, sharedValue } from "../../lib/bulk-edit";
import { fieldOrigin } from "../../lib/entity-view";
import type { AppHttpError } from "../../providers/http-client";
import { FieldInput, fieldTexts } from "../fields/field-input";
import { BulkSummary, labelOf, type Outcome } from "./bulk-summary";
import { DisabledWithReason } from "./disabled-with-reason";
import { useUndoCountdown } from "./undo-countdown";

/** One row of `PATCH /api/<resource>`'s answer: a refusal carries an error body of its own. */
type RowResult = Partial<ErrorBody> & { id: BaseKey; status: number };

interface BulkEditProps {
  def: EntityDef;
  selected: BaseRecord[];
  /** These were changed: they leave the selection (the refused stay, to look at again). */
  onDone: (ids: BaseKey[]) => void;
}

/** Why the server refused one row, in the operator's language: its field errors by label, or its message. */
function refusalOf(def: EntityDef, row: RowResult, l: Locale): string {
  const e = localizeError(
    { statusCode: row.status, code: row.code, message: row.message ?? l.t("errors.unexpected"), errors: row.errors, body: row },
    l.t,
    l.language,
    l.locale,
  );
  const fields = Object.entries(e.errors ?? {}).map(([name, messages]) => `${l.fieldLabel(def, name)}: ${messages.join("; ")}`);
  return fields.length ? fields.join(" · ") : e.message;
}

/**
 * "Edit N selected": the fields the role may write on every selected record, ticked to be
 * changed, then one PATCH of the list URL after the undo window. The server checks, writes and
 * audits each row on its own and answers per row; the summary says what became of each.
 */
export function BulkEdit({ def, selected, onDone }: BulkEditProps) {
  const l = useLocale();
  const { t } = l;
  const ability = useAbility();
  const getProvider = useDataProvider();
  const invalidate = useInvalidate();
  const { open: notify } = useNotification();
  const countdown = useUndoCountdown();
  const [form] = Form.useForm<Record<string, unknown>>();
  const groupLabel = useId();
  const firstBox = useId();
  // The records the dialog was opened on: the selection may change behind it (a live update, another page).
  const [batch, setBatch] = useState<BaseRecord[] | null>(null);
  const [ticked, setTicked] = useState<string[]>([]);
  const [running, setRunning] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const noun = (n: number) => (n === 1 ? l.singular(def) : l.entityLabel(def)).toLowerCase();

  const offered = useMemo(() => bulkEditableFields(def, ability, selected), [def, ability, selected]);
  const fields = useMemo(() => (batch ? bulkEditableFields(def, ability, batch) : []), [def, ability, batch]);
  // Shown as optional and checked for "required" on Apply: antd marks a required item's control
  // aria-required, which its Select carries on a div with no role (a critical axe finding).
  const inputs = useMemo(
    () =>
      new Map(
        fields.map(([name, f]) => {
          const shown = { ...f, required: false };
          fieldOrigin.set(shown, fieldOrigin.get(f) ?? f);
          return [name, shown];
        }),
      ),
    [fields],
  );

  // A field ticked starts from the value the records share (a switch from off). Set on ticking, not as
  // the form's initial values: the form keeps its values from one opening to the next.
  const tick = (names: string[]) => {
    for (const [name, f] of fields) {
      if (names.includes(name) && !ticked.includes(name))
        form.setFieldValue(name, sharedValue(batch ?? [], name) ?? (f.type === "boolean" ? false : undefined));
    }
    setTicked(names);
  };

  const reason = () => {
    const locked = selected.filter((record) => !canDo(ability, "update", def.name as ResourceName, record)).length;
    return locked ? t("bulkEdit.notEditable", { count: locked }) : t("bulkEdit.noFields");
  };

  const apply = async () => {
    if (!batch || !ticked.length) return;
    const values = await form.validateFields(ticked).catch(() => null);
    if (!values) return;
    const missing = ticked.flatMap((name) => {
      const field = fields.find(([n]) => n === name)?.[1];
      const problem = field && checkFieldValue(field, values[name]);
      return problem ? [{ name, errors: [l.message(problem)] }] : [];
    });
    if (missing.length) return form.setFields(missing);
    const changes = Object.fromEntries(ticked.map((name) => [name, values[name] ?? null]));
    const records = batch;
    setBatch(null);
    setRunning(true);
    countdown({
      key: `${def.name}-bulk-edit-undo`,
      message: (seconds) => t("bulkEdit.undo", { count: records.length, what: noun(records.length), seconds }),
      onUndo: () => setRunning(false),
      onElapsed: () => void send(records, changes),
    });
  };

  const send = async (records: BaseRecord[], changes: Record<string, unknown>) => {
    const { custom } = getProvider();
    // A selection across pages may pass what one request takes: sent in turn, answered as one.
    const byId = new Map<string, RowResult>();
    let failure: string | null = null;
    for (let i = 0; i < records.length && failure === null; i += BULK_EDIT_MAX_IDS) {
      const ids = records.slice(i, i + BULK_EDIT_MAX_IDS).map((r) => r.id);
      try {
        if (!custom) throw new Error("The data provider has no custom calls");
        const { data } = await custom<{ results: RowResult[] }>({ url: `${API_URL}/${def.name}`, method: "patch", payload: { ids, changes } });
        for (const row of data.results) byId.set(String(row.id), row);
      } catch (e) {
        failure = (e as AppHttpError)?.message ?? t("errors.unexpected");
      }
    }
    setRunning(false);
    if (failure !== null && !byId.size) {
      // Refused as a whole (a field the role may not write, the server unreachable): nothing was changed.
      notify?.({ type: "error", key: `${def.name}-bulk-edit-failed`, message: t("bulkEdit.failed"), description: failure });
    } else {
      const results = records.map((record): Outcome => {
        const id = record.id as BaseKey;
        const row = byId.get(String(id));
        const label = labelOf(def, record, l);
        if (row?.status === 200) return { id, label };
        return { id, label, refused: row ? refusalOf(def, row, l) : (failure ?? t("errors.unexpected")) };
      });
      setOutcomes(results);
      onDone(results.filter((o) => !o.refused).map((o) => o.id));
    }
    await invalidate({ resource: def.name, invalidates: ["list", "many"] });
  };

  const button = (disabled: boolean) => (
    <Button icon={<EditOutlined />} loading={running} disabled={disabled} onClick={() => (setTicked([]), setBatch(selected))}>
      {t("bulkEdit.button", { count: selected.length })}
    </Button>
  );

  // The summary outlives the selection it reports on, so this stays mounted and the button comes and goes.
  return (
    <>
      {selected.length > 0 && (offered.length ? button(false) : <DisabledWithReason reason={reason()}>{button(true)}</DisabledWithReason>)}
      <Modal
        open={batch !== null}
        title={batch ? t("bulkEdit.title", { count: batch.length, what: noun(batch.length) }) : undefined}
        okText={t("bulkEdit.apply")}
        cancelText={t("buttons.cancel")}
        okButtonProps={{ disabled: !ticked.length }}
        onOk={() => void apply()}
        onCancel={() => setBatch(null)}
        destroyOnHidden
        // The dialog opens on its first control, once it is shown (the dialog itself takes the focus before).
        afterOpenChange={(open) => open && document.getElementById(firstBox)?.focus()}
      >
        <Form form={form} layout="vertical" onFinish={() => void apply()}>
          <Space direction="vertical" style={{ width: "100%", marginBottom: 16 }} role="group" aria-labelledby={groupLabel}>
            <Typography.Text strong id={groupLabel}>
              {t("bulkEdit.fields")}
            </Typography.Text>
            {/* Tick boxes of their own, not a Checkbox.Group: the group answers a tick only with the
                boxes it has registered after its first render, so a tap as the dialog appeared was lost. */}
            <Space wrap size={[8, 8]}>
              {fields.map(([name, field], i) => (
                <Checkbox
                  key={name}
                  id={i === 0 ? firstBox : undefined}
                  checked={ticked.includes(name)}
                  onChange={(e) => tick(fields.map(([n]) => n).filter((n) => (n === name ? e.target.checked : ticked.includes(n))))}
                >
                  {fieldTexts(field, t).label}
                </Checkbox>
              ))}
            </Space>
            <Typography.Text type="secondary">{ticked.length ? t("bulkEdit.howOthers", { what: noun(2) }) : t("bulkEdit.tickOne")}</Typography.Text>
          </Space>
          {fields
            .filter(([name]) => ticked.includes(name))
            .map(([name, field]) => (
              <FieldInput key={name} name={name} field={inputs.get(name) ?? field} mode="edit" />
            ))}
        </Form>
      </Modal>
      <BulkSummary
        title={t("bulkEdit.summaryTitle")}
        outcomes={outcomes}
        result={(changed, refused) => t("bulkEdit.result", { changed, refused })}
        doneTitle={t("bulkEdit.changed")}
        onClose={() => setOutcomes(null)}
      />
    </>
  );
}
