import { Alert } from "antd";
import { useMemo } from "react";
import type { RoleRule } from "../../../domain/roles/rules";
import { rulesSchema } from "../../../domain/roles/rules-schema";
import { useLocale } from "../../i18n/use-locale";
import { placeRuleErrors } from "../../lib/role-rules";
import { useServerErrors } from "../form/server-errors";
import { RulesGrid } from "./rules-grid";

interface RulesInputProps {
  /** The form item's name: the key the server's errors start with. */
  name: string;
  value?: RoleRule[];
  onChange?: (rules: RoleRule[]) => void;
  disabled?: boolean;
}

/** zod's issues keyed as the server keys them (`rules.3.fields`), so both are placed the same way. */
function schemaErrors(name: string, rules: RoleRule[], say: (m: string) => string): Record<string, string[]> {
  const parsed = rulesSchema.safeParse(rules);
  if (parsed.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = [name, ...issue.path.map(String)].join(".");
    (out[key] ??= []).push(say(issue.message));
  }
  return out;
}

/**
 * A role's rules in a create or edit form: the grid, editable. Each rule's problems stand next to
 * it, found as it is edited by the schema the server validates with, and after a save by the
 * server's own answer (`rules.N…`); what concerns the list as a whole stands above the grid.
 */
export default function RulesInput({ name, value, onChange, disabled }: RulesInputProps) {
  const { message } = useLocale();
  const server = useServerErrors();
  const rules = useMemo(() => value ?? [], [value]);
  const placed = useMemo(() => {
    const fromServer = placeRuleErrors(server?.errors, server?.sent?.[name] as RoleRule[] | undefined, rules);
    const live = placeRuleErrors(schemaErrors(name, rules, message), rules, rules);
    const byIndex = new Map(fromServer.byIndex);
    for (const [i, messages] of live.byIndex) byIndex.set(i, [...new Set([...(byIndex.get(i) ?? []), ...messages])]);
    return { byIndex, general: fromServer.general.length ? fromServer.general : live.general };
  }, [server, rules, name, message]);
  return (
    <>
      {placed.general.length > 0 && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} message={placed.general.join(" ")} />}
      <RulesGrid rules={rules} onChange={disabled ? undefined : (next) => onChange?.(next)} errors={placed.byIndex} />
    </>
  );
}
