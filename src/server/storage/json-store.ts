/**
 * The embedded default below the seam: lowdb on the atomic, fsynced data file (store.ts). A
 * transaction mutates memory and ends in one file write; if anything throws, memory goes back to
 * the disk. Transactions run one at a time through an in-process queue, so a check and the write
 * it guards see the same data even when code between them awaits. Reads outside a transaction
 * see the last committed state: transaction bodies here only await the store itself, which
 * answers without yielding to the event loop, so no request runs in the middle of one.
 */
import { ORDER_NUMBER_DIGITS, ORDER_NUMBER_PREFIX } from "../../domain/constants";
import { ENTITIES, type ResourceName } from "../../domain/entities";
import { formatOrderNumber } from "../../domain/format";
import { computeDashboard, type DashboardStats } from "../../domain/stats";
import type { DbShape, Row } from "../db-shape";
import { compareRows } from "../query";
import { Store } from "../store";
import { inScope, planMatcher } from "./memory";
import type { ApiToken, AuditRecord, DashboardQuery, ListPlan, Reader, RowScope, Session, Storage, Tx, TwoFactor } from "./types";

export const orderNumber = (n: number) => formatOrderNumber(n, ORDER_NUMBER_PREFIX, ORDER_NUMBER_DIGITS);

/** Order lines point at products; the `items` field type carries this one reference. */
const ITEM_REFERENCE: ResourceName = "products";

class Queue {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.tail.then(fn, fn);
    this.tail = next.catch(() => undefined);
    return next;
  }
}

class JsonReader implements Reader {
  constructor(protected readonly store: Store) {}

  protected get data(): DbShape {
    return this.store.data;
  }

  async get(resource: ResourceName, id: number) {
    return this.data[resource].find((r) => r.id === id);
  }

  async list(resource: ResourceName, plan: ListPlan, scope: RowScope) {
    const matches = planMatcher(plan, (target) => {
      if (!target) return new Set<number>();
      const { labelField, q } = { labelField: target.labelField, q: plan.search?.q ?? "" };
      const ids = new Set<number>();
      for (const r of this.data[target.resource]) {
        const label = r[labelField];
        if (label !== undefined && label !== null && inScope(target.scope, r) && String(label).toLowerCase().includes(q)) ids.add(r.id);
      }
      return ids;
    });
    const rows = this.data[resource].filter((row) => inScope(scope, row) && matches(row));
    rows.sort(compareRows(plan.sort));
    return { rows: rows.slice(plan.start, plan.end), total: rows.length };
  }

  async isTaken(resource: ResourceName, field: string, value: string, exceptId: number | null) {
    const wanted = value.toLowerCase();
    return this.data[resource].some((r) => r.id !== exceptId && r[field] !== undefined && r[field] !== null && String(r[field]).toLowerCase() === wanted);
  }

  async findByValues(resource: ResourceName, field: string, values: readonly (string | number)[]) {
    if (field === "id") {
      const ids = new Set(values.map(Number));
      return this.data[resource].filter((r) => ids.has(r.id));
    }
    const wanted = new Set(values.map((v) => String(v).toLowerCase()));
    return this.data[resource].filter((r) => r[field] !== undefined && r[field] !== null && wanted.has(String(r[field]).toLowerCase()));
  }

  async countReferrers(resource: ResourceName, id: number) {
    const counts: Record<string, number> = {};
    for (const def of ENTITIES) {
      if (def.readOnly) continue;
      const pointers = Object.entries(def.fields).filter(
        ([, f]) => (f.type === "reference" && f.reference === resource) || (f.type === "items" && resource === ITEM_REFERENCE),
      );
      if (!pointers.length) continue;
      let n = 0;
      for (const row of this.data[def.name as ResourceName]) {
        if (row.id === id && def.name === resource) continue;
        const points = pointers.some(([name, f]) =>
          f.type === "items" ? Array.isArray(row[name]) && (row[name] as { productId?: unknown }[]).some((i) => i?.productId === id) : row[name] === id,
        );
        if (points) n++;
      }
      if (n) counts[def.name] = n;
    }
    return counts;
  }

  async history(resource: string, recordId: number, actions: readonly string[]) {
    return this.data["audit-events"].filter((e) => e.resource === resource && e.recordId === recordId && actions.includes(e.action as string));
  }

  async eventsOf(resources: readonly string[], actions: readonly string[], since: string) {
    const out: Row[] = [];
    const events = this.data["audit-events"];
    for (let i = events.length - 1; i >= 0; i--) {
      const e = events[i];
      if (actions.includes(e.action as string) && resources.includes(e.resource as string) && String(e.at) >= since) out.push(e);
    }
    return out;
  }

  async staffByEmail(email: string) {
    return this.data.staff.find((s) => typeof s.email === "string" && s.email.toLowerCase() === email);
  }

  async roleByKey(key: string) {
    return this.data.roles.find((r) => r.key === key);
  }

  async passwordHash(staffId: number) {
    return this.data.credentials.find((c) => c.staffId === staffId)?.hash;
  }

  async session(id: string): Promise<Session | undefined> {
    return this.data.sessions.find((s) => s.id === id);
  }

  async sessionsOf(staffId: number) {
    return this.data.sessions.filter((s) => s.staffId === staffId).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async twoFactor(staffId: number) {
    const found = this.data.twoFactor.find((t) => t.staffId === staffId);
    return found && structuredClone(found);
  }

  async preferences(staffId: number) {
    const found = this.data.preferences.find((p) => p.staffId === staffId);
    return found && structuredClone(found.value);
  }

  async tokenByHash(hash: string) {
    return this.data.tokens.find((t) => t.hash === hash);
  }

  async tokens(staffId: number | null) {
    return this.data.tokens.filter((t) => staffId === null || t.staffId === staffId).sort((a, b) => b.id - a.id);
  }

  async loginFailures(email: string, since: Date) {
    const t = since.getTime();
    return this.data.loginFailures.filter((f) => f.email === email && Date.parse(f.at) > t).map((f) => Date.parse(f.at));
  }

  async countActiveAdmins(exceptId: number) {
    return this.data.staff.filter((s) => s.id !== exceptId && s.role === "admin" && s.active === true).length;
  }
}

class JsonTx extends JsonReader implements Tx {
  /** Whether anything was changed, so a transaction that only read writes no file. */
  dirty = false;

  private changed(): DbShape {
    this.dirty = true;
    return this.data;
  }

  // One writer at a time: what is read is what stays until this transaction ends.
  lock(resource: ResourceName, id: number) {
    return this.get(resource, id);
  }

  async lockMany(resource: ResourceName, ids: number[]) {
    const wanted = new Set(ids);
    return this.data[resource].filter((r) => wanted.has(r.id)).sort((a, b) => a.id - b.id);
  }

  async lockActiveAdmins() {
    return this.data.staff.filter((s) => s.role === "admin" && s.active === true);
  }

  async insert(resource: ResourceName, record: Omit<Row, "id"> & { id?: number }) {
    const row = { ...record, id: record.id ?? this.store.nextId(resource) } as Row;
    this.changed()[resource].push(row);
    return row;
  }

  async reserveIds(resource: ResourceName, n: number) {
    return Array.from({ length: n }, () => this.store.nextId(resource));
  }

  async insertMany(resource: ResourceName, records: readonly Row[]) {
    this.changed()[resource].push(...records.map((r) => ({ ...r })));
  }

  async update(resource: ResourceName, record: Row, expectedVersion: number) {
    const rows = this.data[resource];
    const i = rows.findIndex((r) => r.id === record.id);
    if (i < 0 || rows[i].version !== expectedVersion) return false;
    this.changed()[resource][i] = record;
    return true;
  }

  async touch(resource: ResourceName, id: number, fields: Record<string, unknown>) {
    const rows = this.changed()[resource];
    const i = rows.findIndex((r) => r.id === id);
    if (i >= 0) rows[i] = { ...rows[i], ...fields };
  }

  async remove(resource: ResourceName, id: number) {
    const data = this.changed();
    data[resource] = data[resource].filter((r) => r.id !== id);
  }

  async auditMany(events: readonly AuditRecord[]) {
    for (const event of events) await this.audit(event);
  }

  async audit(event: AuditRecord) {
    const { email, ...rest } = event;
    const row: Row = {
      id: this.store.nextId("audit-events"),
      ...rest,
      ...(email !== undefined ? { email } : {}),
      createdAt: event.at,
      updatedAt: event.at,
      version: 1,
    };
    this.changed()["audit-events"].push(row);
    return row;
  }

  async takeOrderNumber() {
    const data = this.changed();
    const taken = new Set(data.orders.map((o) => o.number));
    let n = data.counters.orderNumber;
    while (taken.has(orderNumber(n))) n++;
    data.counters.orderNumber = n + 1;
    return orderNumber(n);
  }

  async setPassword(staffId: number, hash: string, at: string) {
    const data = this.changed();
    const credential = data.credentials.find((c) => c.staffId === staffId);
    if (credential) Object.assign(credential, { hash, changedAt: at });
    else data.credentials.push({ staffId, hash, changedAt: at });
  }

  async removePassword(staffId: number) {
    const data = this.changed();
    data.credentials = data.credentials.filter((c) => c.staffId !== staffId);
  }

  async createSession(session: Session) {
    this.changed().sessions.push({ ...session });
  }

  async touchSession(id: string, at: string) {
    const s = this.changed().sessions.find((x) => x.id === id);
    if (s) s.lastSeenAt = at;
  }

  async deleteSession(id: string) {
    const data = this.changed();
    data.sessions = data.sessions.filter((s) => s.id !== id);
  }

  async endSessionsOf(staffId: number, keepId: string | null = null) {
    const data = this.changed();
    data.sessions = data.sessions.filter((s) => s.staffId !== staffId || s.id === keepId);
  }

  async pruneSessions({ createdBefore, seenBefore }: { createdBefore: string; seenBefore: string }) {
    const data = this.changed();
    const c = Date.parse(createdBefore);
    const s = Date.parse(seenBefore);
    data.sessions = data.sessions.filter((x) => !(Date.parse(x.createdAt) < c || Date.parse(x.lastSeenAt) < s));
  }

  async setTwoFactor(record: TwoFactor) {
    const data = this.changed();
    data.twoFactor = [...data.twoFactor.filter((t) => t.staffId !== record.staffId), structuredClone(record)];
  }

  async setPreferences(staffId: number, value: Record<string, unknown>) {
    const data = this.changed();
    data.preferences = [...data.preferences.filter((p) => p.staffId !== staffId), { staffId, value: structuredClone(value) }];
  }

  async deleteTwoFactor(staffId: number) {
    const data = this.changed();
    data.twoFactor = data.twoFactor.filter((t) => t.staffId !== staffId);
  }

  async insertToken(token: Omit<ApiToken, "id">) {
    const data = this.changed();
    // Never an id given out before, even to a revoked token: the audit log names tokens by id.
    const id = Math.max(data.counters.tokenId ?? 1, ...data.tokens.map((t) => t.id + 1));
    data.counters.tokenId = id + 1;
    const row = { id, ...token };
    data.tokens.push(row);
    return row;
  }

  async deleteToken(id: number) {
    const data = this.changed();
    data.tokens = data.tokens.filter((t) => t.id !== id);
  }

  async deleteTokensOf(staffId: number) {
    const data = this.changed();
    data.tokens = data.tokens.filter((t) => t.staffId !== staffId);
  }

  async touchToken(id: number, at: string) {
    const t = this.changed().tokens.find((x) => x.id === id);
    if (t) t.lastUsedAt = at;
  }

  async recordLoginFailure(email: string, at: string, pruneBefore: string) {
    const data = this.changed();
    const t = Date.parse(pruneBefore);
    data.loginFailures = data.loginFailures.filter((f) => Date.parse(f.at) > t);
    data.loginFailures.push({ email, at });
  }

  async clearLoginFailures(email: string, pruneBefore: string) {
    const data = this.changed();
    const t = Date.parse(pruneBefore);
    data.loginFailures = data.loginFailures.filter((f) => Date.parse(f.at) > t && f.email !== email);
  }
}

export class JsonStorage extends JsonReader implements Storage {
  readonly kind = "json";
  private readonly queue = new Queue();

  constructor(file: string) {
    super(new Store(file)); // throws, naming the file, when it cannot be trusted
  }

  get file() {
    return this.store.file;
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      const tx = new JsonTx(this.store);
      let result: T;
      try {
        result = await fn(tx);
      } catch (err) {
        if (tx.dirty) this.store.rollback();
        throw err;
      }
      if (tx.dirty) this.store.commit();
      return result;
    });
  }

  async dashboard(query: DashboardQuery): Promise<DashboardStats> {
    const visible = (resource: "orders" | "customers" | "products", used: readonly string[]) => {
      const q = query[resource];
      if (!q) return [];
      const rows = this.data[resource].filter((r) => inScope(q.rows, r));
      const fields = used.filter((f) => q.fields.includes(f));
      // Today every reader may see every field used: then the rows go as they are (a copy of 100k
      // orders costs ~20 ms for nothing); a field a role may not read never reaches the computation.
      if (fields.length === used.length) return rows;
      return rows.map((row) => {
        const out: Record<string, unknown> & { id: number } = { id: row.id };
        for (const f of fields) out[f] = row[f];
        return out;
      });
    };
    return computeDashboard(
      {
        orders: visible("orders", DASHBOARD_FIELDS.orders),
        customers: visible("customers", DASHBOARD_FIELDS.customers),
        products: visible("products", DASHBOARD_FIELDS.products),
        scope: query.scope,
      },
      query.now,
    );
  }

  async auditAfter(afterId: number, limit: number) {
    const events = this.data["audit-events"];
    // Ids only grow and events are appended, so the new ones are at the end.
    let i = events.length;
    while (i > 0 && events[i - 1].id > afterId) i--;
    return events.slice(i, i + limit);
  }

  async lastAuditId() {
    return this.data["audit-events"].at(-1)?.id ?? 0;
  }

  async snapshot(): Promise<DbShape> {
    return structuredClone(this.data);
  }

  async close() {}
}

/** The fields each dashboard figure is computed from; nothing else is handed to the computation. */
export const DASHBOARD_FIELDS = {
  orders: ["status", "total", "placedAt", "paidAt", "customerId"],
  customers: ["name"],
  products: ["sku", "name", "stock", "status"],
} as const;
