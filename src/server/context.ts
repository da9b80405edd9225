/** What every hop of a request may know about it; attached to the request by the first hops. */
import type { AppAbility } from "../domain/policy";
import type { Permissions } from "./abilities";
import type { ApiToken } from "./storage/types";
import type { Row } from "./db-shape";

export interface RequestContext {
  requestId: string;
  /** The client's address: the socket's, or the one trusted proxy's word for it behind PUBLIC_URL. */
  ip: string;
  /** The signed-in staff member's record, or null. */
  actor: Row | null;
  /** The id (SHA-256 of the token) of the session the request came with. */
  sessionId: string | null;
  /** True when a session cookie came but named no live session. */
  staleCookie: boolean;
  ability: AppAbility;
  /** The actor's role and its rules, as the app is told them; null without a session. */
  permissions: Permissions | null;
  /** The API token the request came with (then `sessionId` is null). */
  token: ApiToken | null;
  /** The actor's role requires two-factor and they have not enrolled: they may only enrol. */
  twoFactorSetupRequired: boolean;
  /** The audit events this request's writes appended: the live feed's ids of its own changes. */
  written: WrittenEvent[];
}

export interface WrittenEvent {
  seq: number;
  resource: string;
  recordId: number | null;
}

declare module "express-serve-static-core" {
  interface Request {
    ctx: RequestContext;
  }
}
