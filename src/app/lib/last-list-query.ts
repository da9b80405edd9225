import { isResourceName } from "../../domain/entities";

/**
 * Each list's last query in this tab (filters, sort, page), so that a list reopened from the menu,
 * a breadcrumb or a record's List button comes back as it was left. Per tab and per session
 * (sessionStorage, dropped at sign-out): another tab, or the next person, starts afresh.
 */
const PREFIX = "switchboard.listQuery.";

export function rememberListQuery(resource: string, search: string) {
  try {
    if (search && sessionStorage.getItem(PREFIX + resource) !== search) sessionStorage.setItem(PREFIX + resource, search);
  } catch {
    // Storage refused (a private mode, a full quota): lists open plain, as before.
  }
}

export function lastListQuery(resource: string): string {
  try {
    return sessionStorage.getItem(PREFIX + resource) ?? "";
  } catch {
    return "";
  }
}

export function forgetListQueries() {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Nothing was stored.
  }
}

/**
 * A plain link to a list (`/customers`, nothing after it) as the list was last left in this tab;
 * any other link as it is.
 */
export function withLastListQuery(to: string): string {
  const resource = listResourceOf(to);
  return resource ? to + lastListQuery(resource) : to;
}

/** The resource whose list a path is (`/customers`, nothing after it), if it is one. */
export function listResourceOf(path: string): string | undefined {
  const match = /^\/([a-z-]+)$/.exec(path);
  return match && isResourceName(match[1]) ? match[1] : undefined;
}
