/** What every hop of a request may know about it; attached to the request by the first hops. */
import type { AppAbility } from "../domain/policy";
import type { Permissions } from "./abilities";
import type { Row } from "./db-shape";

export interface RequestContext {
  requestId: string;
  /** The socket's address: no proxy is trusted, so no header can choose it. */
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
}

declare module "express-serve-static-core" {
  interface Request {
    ctx: RequestContext;
  }
}
