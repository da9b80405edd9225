import { createContext, useContext } from "react";
import type { FieldErrors } from "../../../domain/errors";

/**
 * The last save's field errors and the values it sent, for an input that shows errors inside
 * itself (a role's rules: `rules.3.fields` belongs next to that rule, not under the whole grid).
 * antd's form keeps errors only for the fields it has an item for.
 */
export interface ServerErrors {
  errors: FieldErrors;
  sent: Record<string, unknown>;
}

export const ServerErrorsContext = createContext<ServerErrors | null>(null);

export const useServerErrors = () => useContext(ServerErrorsContext);
