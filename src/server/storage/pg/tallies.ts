/**
 * The figures kept so that counts and the dashboard need not scan (docs/decisions/056):
 * row_counts (migration 003) and order_tallies (migration 004), moved by each transaction at
 * its end and set from the rows after a load that went around the store. The tally keys here,
 * migration 004's columns and the row scopes' fields must agree; what a tally cannot answer
 * falls back to counting rows.
 */
import type pg from "pg";
import { ENTITIES, type ResourceName } from "../../../domain/entities";
import type { Row } from "../../db-shape";
import type { RowScope } from "../types";
import { quote, tableOf, type Query } from "./sql";

/** The tables whose rows row_counts keeps (migration 003, one per entity), and its shards per table. */
export const COUNTED_TABLES = new Set(ENTITIES.map((d) => tableOf(d.name)));
export const ROW_COUNT_SHARDS = 16;

/** The order fields migration 004's tallies group by: those the row scopes and the dashboard filter on. */
const TALLY_KEYS = ["status", "assigneeId", "customerId"] as const;
export const isTallyKey = (field: string) => (TALLY_KEYS as readonly string[]).includes(field);
/** A row scope order_tallies can apply as it is: every condition on tally keys only (null: all rows). */
export const scopeOnTallyKeys = (scope: RowScope) => !scope || [...scope.anyOf, ...scope.noneOf].every((c) => Object.keys(c).every(isTallyKey));

const paidMonth = (order: Row) => (typeof order.paidAt === "string" ? order.paidAt.slice(0, 7) : "");

/** What one transaction moves in row_counts and order_tallies, written just before it commits. */
export class KeptCounts {
  /** Rows this transaction added to (or took from) each table, for row_counts at its end. */
  private readonly added = new Map<string, number>();
  /** Orders this transaction added to (or took from) each tally, by its key, for order_tallies at its end. */
  private readonly tallied = new Map<string, { key: unknown[]; n: number; total: number }>();

  tally(order: Row | undefined, sign: 1 | -1) {
    if (!order) return;
    const key = [...TALLY_KEYS.map((k) => order[k]), paidMonth(order)];
    const id = JSON.stringify(key);
    const t = this.tallied.get(id) ?? { key, n: 0, total: 0 };
    t.n += sign;
    t.total += sign * Number(order.total ?? 0);
    this.tallied.set(id, t);
  }

  countRows(resource: ResourceName, delta: number) {
    const table = tableOf(resource);
    if (COUNTED_TABLES.has(table)) this.added.set(table, (this.added.get(table) ?? 0) + delta);
  }

  /**
   * Adds this transaction's inserts and deletes to one random shard of each table's count, last
   * and in table order: the shard rows are locked only from here to COMMIT, and always in the
   * same order, so writers never deadlock on them.
   */
  async flush(query: Query) {
    for (const table of [...this.added.keys()].sort()) {
      const delta = this.added.get(table)!;
      if (delta) await query(`UPDATE row_counts SET n = n + $1 WHERE tbl = $2 AND shard = $3`, [delta, table, Math.floor(Math.random() * ROW_COUNT_SHARDS)]);
    }
    // Then the order tallies, also in one order (of their keys) for every transaction.
    for (const id of [...this.tallied.keys()].sort()) {
      const { key, n, total } = this.tallied.get(id)!;
      if (!n && !total) continue;
      await query(
        `INSERT INTO order_tallies (status, "assigneeId", "customerId", "paidMonth", n, total) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (status, "assigneeId", "customerId", "paidMonth") DO UPDATE SET n = order_tallies.n + EXCLUDED.n, total = order_tallies.total + EXCLUDED.total`,
        [...key, n, total],
      );
    }
  }
}

/** Sets row_counts and order_tallies to what the tables hold, after rows were loaded around the store (demo data, the COPY seed). */
export async function recountRows(client: pg.ClientBase): Promise<void> {
  for (const table of COUNTED_TABLES)
    await client.query(`UPDATE row_counts SET n = CASE WHEN shard = 0 THEN (SELECT count(*) FROM ${quote(table)}) ELSE 0 END WHERE tbl = $1`, [table]);
  // As migration 004 first made them.
  await client.query(`DELETE FROM order_tallies`);
  await client.query(
    `INSERT INTO order_tallies (status, "assigneeId", "customerId", "paidMonth", n, total)
     SELECT status, "assigneeId", "customerId", coalesce(to_char("paidAt" AT TIME ZONE 'UTC', 'YYYY-MM'), ''), count(*), sum(total) FROM orders GROUP BY 1, 2, 3, 4`,
  );
}
