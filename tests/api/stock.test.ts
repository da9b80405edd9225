/**
 * Stock stays exact under races and crashes: two operators placing for the last units at the
 * same moment, a random stream of place / cancel, and SIGKILL in the middle of such a stream.
 * The invariant each time: stock = seeded stock − the quantities of orders placed and not cancelled.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../src/domain/constants";
import type { DbShape } from "../../src/server/db-shape";
import { Client, expectError, makeDataDir, startTestServer, type Body, type TestServer } from "./helpers";
import { HOLDS_STOCK, newDraft, newProduct, prng, stockOf, transition, type Line } from "./order-helpers";
import { exited, killChildren, launch } from "./process";

/** What each product's stock must be, from the orders on file that use it. */
function expectedStock(db: DbShape, initial: Map<number, number>): Map<number, number> {
  const out = new Map(initial);
  for (const o of db.orders) {
    if (!HOLDS_STOCK.includes(o.status as string)) continue;
    for (const l of o.items as Line[]) if (out.has(l.productId)) out.set(l.productId, out.get(l.productId)! - l.quantity);
  }
  return out;
}

const actualStock = (db: DbShape, ids: Iterable<number>) => new Map([...ids].map((id) => [id, db.products.find((p) => p.id === id)!.stock as number]));

// Hundreds of writes each, every one a whole-file fsync: generous budgets for a loaded machine.
describe("races for the last units", { timeout: 90_000 }, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it("two operators place orders for the last units at the same moment: one wins, one gets INSUFFICIENT_STOCK, stock never below zero", async () => {
    const [manager, admin] = await Promise.all([s.login("manager"), s.login("admin")]);
    for (let round = 0; round < 5; round++) {
      const p = await newProduct(manager, 3, 1_000, `Last units ${round}`);
      const mine = await newDraft(manager, [{ productId: p.id, quantity: 2 }]);
      const theirs = await newDraft(admin, [{ productId: p.id, quantity: 3 }]);
      const answers = await Promise.all([transition(manager, mine, "placed"), transition(admin, theirs, "placed")]);
      const won = answers.filter((r) => r.status === 200);
      const lost = answers.filter((r) => r.status !== 200);
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expectError(lost[0], 422, "INSUFFICIENT_STOCK");
      expect(lost[0].body.message).toContain(`Last units ${round} is short by`);
      const left = await stockOf(manager, p.id);
      expect(left).toBe(3 - (won[0].body.id === mine.id ? 2 : 3));
      expect(left).toBeGreaterThanOrEqual(0);
    }
  });

  it("many agents and managers racing for few units never oversell", async () => {
    const clients = await Promise.all([s.login("manager"), s.login("admin"), s.login("agent"), s.login("agent2")]);
    const p = await newProduct(clients[0], 10, 1_000);
    const drafts = await Promise.all(Array.from({ length: 12 }, (_, i) => newDraft(clients[i % 4], [{ productId: p.id, quantity: 1 + (i % 3) }])));
    const answers = await Promise.all(drafts.map((d, i) => transition(clients[i % 4], d, "placed")));
    for (const r of answers) if (r.status !== 200) expectError(r, 422, "INSUFFICIENT_STOCK");
    const taken = answers.filter((r) => r.status === 200).reduce((sum, r) => sum + (r.body.items[0].quantity as number), 0);
    expect(taken).toBeLessThanOrEqual(10);
    expect(await stockOf(clients[0], p.id)).toBe(10 - taken);
  });

  it("a random sequence of place and cancel, some of it concurrent, keeps stock exact", async () => {
    const [manager, admin] = await Promise.all([s.login("manager"), s.login("admin")]);
    const random = prng(20261123);
    const products = await Promise.all([newProduct(manager, 15), newProduct(manager, 8), newProduct(manager, 30)]);
    const initial = new Map(products.map((p) => [p.id as number, p.stock as number]));
    const orders: Body[] = [];
    for (let i = 0; i < 24; i++) {
      const lines = products.filter(() => random() < 0.6).map((p) => ({ productId: p.id, quantity: 1 + Math.floor(random() * 6) }));
      orders.push(await newDraft(manager, lines.length ? lines : [{ productId: products[0].id, quantity: 1 }]));
    }
    for (let step = 0; step < 12; step++) {
      // A batch of up to four moves at once, by two operators, on distinct orders.
      const picked = [...new Set(Array.from({ length: 4 }, () => Math.floor(random() * orders.length)))];
      const answers = await Promise.all(
        picked.map((i) => {
          const o = orders[i];
          const client = random() < 0.5 ? manager : admin;
          if (o.status === "draft") return transition(client, o, "placed");
          if (o.status === "placed" || o.status === "paid")
            return random() < 0.5 ? transition(client, o, "cancelled", "Random walk") : transition(client, o, "paid");
          return transition(client, o, "placed");
        }),
      );
      answers.forEach((r, k) => {
        if (r.status === 200) orders[picked[k]] = r.body;
        else expect(["INSUFFICIENT_STOCK", "INVALID_TRANSITION"]).toContain(r.body.code);
      });
      const db = await s.readDb();
      expect(actualStock(db, initial.keys())).toEqual(expectedStock(db, initial));
      for (const id of initial.keys()) expect(await stockOf(manager, id)).toBe(expectedStock(db, initial).get(id));
    }
    // The walk did move stock both ways.
    expect(orders.some((o) => o.status === "cancelled")).toBe(true);
    expect(orders.some((o) => o.status === "placed" || o.status === "paid")).toBe(true);
  });
});

describe("SIGKILL during a stream of transitions", () => {
  const dirs: string[] = [];
  afterAll(() => {
    killChildren();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it("after every restart, each product's stock equals its seeded stock minus what placed, uncancelled orders hold", async () => {
    const { dir, dbFile } = await makeDataDir();
    dirs.push(dir);
    const random = prng(4);
    const initial = new Map<number, number>();
    let landed = 0;
    for (let round = 0; round < 3; round++) {
      const { child, url } = await launch(dbFile);
      const manager = new Client(url);
      expect((await manager.post("/api/auth/login", { email: "manager@example.com", password: DEMO_PASSWORD })).status).toBe(200);
      const products = await Promise.all([newProduct(manager, 40), newProduct(manager, 25)]);
      for (const p of products) initial.set(p.id, p.stock);
      const lines = Array.from({ length: 30 }, () => products.map((p) => ({ productId: p.id, quantity: 1 + Math.floor(random() * 4) })));
      const orders: Body[] = await Promise.all(lines.map((l) => newDraft(manager, l)));

      // Each order: placed, then perhaps cancelled, as fast as the server takes them, several at once.
      let answered = 0;
      const killAfter = 8 + round * 6;
      let killed!: () => void;
      const enough = new Promise<void>((resolve) => (killed = resolve));
      const stream = orders.map(async (o) => {
        try {
          const placed = await transition(manager, o, "placed");
          if (++answered >= killAfter) killed();
          if (placed.status === 200 && random() < 0.5) await transition(manager, placed.body, "cancelled", "Crash test");
          if (++answered >= killAfter) killed();
        } catch {
          // The connection died with the server: that is the point.
        }
      });
      await enough;
      const done = exited(child);
      child.kill("SIGKILL");
      await done;
      await Promise.all(stream);

      const db = JSON.parse(fs.readFileSync(dbFile, "utf8")) as DbShape;
      const ours = db.orders.filter((o) => orders.some((x) => x.id === o.id));
      landed += ours.filter((o) => o.status !== "draft").length;
      expect(actualStock(db, initial.keys())).toEqual(expectedStock(db, initial));
      // Each move on disk has its audit event, and no event names a move that is not on disk.
      for (const o of ours) {
        const moves = db["audit-events"].filter((e) => e.resource === "orders" && e.recordId === o.id && e.action === "transition");
        expect(moves.map((e) => (e.changes as Record<string, { to: unknown }>).status.to)).toEqual(
          o.status === "draft" ? [] : o.status === "placed" ? ["placed"] : ["placed", "cancelled"],
        );
      }
    }
    expect(landed).toBeGreaterThan(0);
    // The restarted server agrees with the file.
    const { child, url } = await launch(dbFile);
    const manager = new Client(url);
    await manager.post("/api/auth/login", { email: "manager@example.com", password: DEMO_PASSWORD });
    const db = JSON.parse(fs.readFileSync(dbFile, "utf8")) as DbShape;
    for (const [id, stock] of expectedStock(db, initial)) expect(await stockOf(manager, id)).toBe(stock);
    const done = exited(child);
    child.kill("SIGTERM");
    await done;
    // Three server starts and ~200 writes: on a loaded machine this takes longer than one request's budget.
  }, 120_000);
});
