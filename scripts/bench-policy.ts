/**
 * npm run bench:policy [-- --iterations 5000 --runs 5]
 *
 * What the policy costs a request when roles are data, in this process,
 * without HTTP or a store: a custom role scoped by `where` (scripts/lib/custom-role.ts,
 * "gold-desk") beside the seeded agent. Per operation: compiling the ability from the role's
 * rules (defineAbilityFor), a check (canDo, on the resource and on a record), the list's field
 * allow-list (readableFields), the row scope (rowScope), and stripping a 20-row page
 * (stripRecord) of realistic rows from db.json: the member's newest orders and the first
 * customers by name they may see. Then a list request's whole policy work, with the ability as
 * the server keeps it (src/server/abilities.ts caches it by role version) and compiled afresh
 * (the first request after a role change).
 *
 * Each call is timed on its own; p50 and p99 per run, medians over the runs. A benchmark: it
 * prints figures and asserts nothing about them.
 */
import fs from "node:fs";
import type { ResourceName } from "../src/domain/entities";
import { canDo, defineAbilityFor, readableFields, stripRecord, type Actor, type AppAbility } from "../src/domain/policy";
import { builtInRules } from "../src/domain/roles/built-in";
import type { RoleRule } from "../src/domain/roles/rules";
import type { DbShape, Row } from "../src/server/db-shape";
import { SEED_DB_FILE } from "../src/server/paths";
import { rowScope } from "../src/server/scope";
import { machine, machineLoad, median } from "./lib/child-server";
import { readOptions, wholeNumber } from "./lib/cli";
import { GOLD_DESK_KEY, GOLD_DESK_RULES } from "./lib/custom-role";
import { DEMO_ACCOUNTS } from "./seed-lib";

const values = readOptions("npm run bench:policy -- [--iterations 5000 (timed calls per operation and run)] [--runs 5] [--data db.json]", {
  iterations: "5000",
  runs: "5",
  data: SEED_DB_FILE,
});
const ITERATIONS = wholeNumber("iterations", values.iterations);
const RUNS = wholeNumber("runs", values.runs);
const PAGE = 20;
/** The goal of issue 16 for compile + check + strip of a 20-row page, p50. */
const GOAL_MS = 1;

const db = JSON.parse(fs.readFileSync(values.data!, "utf8")) as DbShape;
const byName = (a: Row, b: Row) => String(a.name).toLowerCase().localeCompare(String(b.name).toLowerCase());
const newestFirst = (a: Row, b: Row) => String(b.createdAt).localeCompare(String(a.createdAt));

/** A role, one member of it, and the rows of that member's first pages. */
interface Subject {
  label: string;
  actor: Actor;
  rules: readonly RoleRule[];
  orders: Row[];
  customers: Row[];
}

function subjectFor(label: string, role: string, rules: readonly RoleRule[], memberId: number): Subject {
  const actor = { id: memberId, role };
  const ability = defineAbilityFor(actor, rules);
  const page = (resource: ResourceName, sort: (a: Row, b: Row) => number) =>
    db[resource]
      .filter((r) => canDo(ability, "read", resource, r))
      .sort(sort)
      .slice(0, PAGE);
  const s = { label, actor, rules, orders: page("orders", newestFirst), customers: page("customers", byName) };
  if (s.orders.length < PAGE || s.customers.length < PAGE)
    console.log(`(${label}: only ${s.orders.length} orders and ${s.customers.length} customers to strip)`);
  return s;
}

// The gold desk's member as bench:api sets it up: the seeded agent, not a demo account, with the most orders.
const demo = new Set(DEMO_ACCOUNTS.map((a) => a.email));
const orderCount = (id: number) => db.orders.filter((o) => o.assigneeId === id).length;
const deskMember = db.staff
  .filter((s) => s.role === "agent" && s.active && !demo.has(String(s.email)))
  .reduce((best, s) => (orderCount(s.id) > orderCount(best.id) ? s : best));
const agentId = db.staff.find((s) => s.email === "agent@example.com")!.id;
const SUBJECTS = [
  subjectFor(GOLD_DESK_KEY, GOLD_DESK_KEY, GOLD_DESK_RULES, deskMember.id),
  subjectFor("agent (built-in)", "agent", builtInRules("agent"), agentId),
];

/** The operations timed, each one call; `ability` is compiled once per run and warm, as the server keeps it. */
interface Op {
  name: string;
  run(s: Subject, ability: AppAbility): unknown;
  goal?: boolean;
}

const stripPage = (ability: AppAbility, resource: ResourceName, rows: Row[]) => rows.map((r) => stripRecord(ability, resource, r));

/** A list request's policy work (src/server/resources.ts list): may it read, its allow-list, its scope, the page stripped. */
const listWork = (ability: AppAbility, s: Subject) => {
  if (!canDo(ability, "read", "orders")) throw new Error("may not read orders");
  readableFields(ability, "orders");
  rowScope(ability, "orders");
  return stripPage(ability, "orders", s.orders);
};

const OPS: Op[] = [
  { name: "compile: defineAbilityFor(actor, role's rules)", run: (s) => defineAbilityFor(s.actor, s.rules) },
  { name: "check: canDo(read, orders)", run: (_, a) => canDo(a, "read", "orders") },
  { name: "check: canDo(read, orders, record)", run: (s, a) => canDo(a, "read", "orders", s.orders[0]) },
  { name: "check: canDo(update, customers, record, field)", run: (s, a) => canDo(a, "update", "customers", s.customers[0], "notes") },
  { name: "readableFields(orders)", run: (_, a) => readableFields(a, "orders") },
  { name: "rowScope(orders)", run: (_, a) => rowScope(a, "orders") },
  { name: "rowScope(customers)", run: (_, a) => rowScope(a, "customers") },
  { name: `stripRecord × ${PAGE} orders`, run: (s, a) => stripPage(a, "orders", s.orders) },
  { name: `stripRecord × ${PAGE} customers`, run: (s, a) => stripPage(a, "customers", s.customers) },
  {
    name: `compile + check + strip ${PAGE} orders (fresh ability)`,
    goal: true,
    run: (s) => {
      const a = defineAbilityFor(s.actor, s.rules);
      if (!canDo(a, "read", "orders", s.orders[0])) throw new Error("may not read its own order");
      return stripPage(a, "orders", s.orders);
    },
  },
  { name: `a list request's policy, ability cached: check + readableFields + rowScope + strip ${PAGE}`, run: (s, a) => listWork(a, s) },
  { name: `the same, ability compiled afresh (first request after a role change)`, run: (s) => listWork(defineAbilityFor(s.actor, s.rules), s) },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/** p50 and p99 in µs of ITERATIONS timed calls, after a warm-up. */
function measure(op: Op, s: Subject, ability: AppAbility): { p50: number; p99: number } {
  let sink = 0;
  for (let i = 0; i < Math.min(500, ITERATIONS); i++) sink += op.run(s, ability) ? 1 : 0;
  const times = new Float64Array(ITERATIONS);
  for (let i = 0; i < ITERATIONS; i++) {
    const t = performance.now();
    const out = op.run(s, ability);
    times[i] = performance.now() - t;
    sink += out ? 1 : 0;
  }
  if (sink < 0) console.log(sink); // keeps the calls from being optimised away
  const sorted = Array.from(times).sort((a, b) => a - b);
  return { p50: percentile(sorted, 50) * 1000, p99: percentile(sorted, 99) * 1000 };
}

function main() {
  console.log(`bench:policy on ${machine()}; load average ${machineLoad()} at start`);
  console.log(`${ITERATIONS.toLocaleString("en-US")} timed calls per operation and run, ${RUNS} runs, medians of the runs' p50 and p99 (µs)`);
  for (const s of SUBJECTS)
    console.log(
      `  ${s.label}: member id ${s.actor.id}, ${s.rules.length} rules; ${s.orders.length} orders (newest first) and ${s.customers.length} customers (by name) from ${values.data}`,
    );
  const results = new Map<string, { p50: number[]; p99: number[] }>();
  for (let run = 0; run < RUNS; run++) {
    for (const s of SUBJECTS) {
      const ability = defineAbilityFor(s.actor, s.rules);
      for (const op of OPS) {
        const r = measure(op, s, ability);
        const key = `${op.name}\u0000${s.label}`;
        const acc = results.get(key) ?? { p50: [], p99: [] };
        acc.p50.push(r.p50);
        acc.p99.push(r.p99);
        results.set(key, acc);
      }
    }
    console.log(`  run ${run + 1}/${RUNS} done (load ${machineLoad()})`);
  }
  const fmt = (us: number) => (us >= 100 ? us.toFixed(0) : us >= 10 ? us.toFixed(1) : us.toFixed(2));
  const lines = [`| operation | ${SUBJECTS.map((s) => `${s.label} p50 / p99 µs`).join(" | ")} |`, `|---|${SUBJECTS.map(() => "---:").join("|")}|`];
  for (const op of OPS) {
    const cells = SUBJECTS.map((s) => {
      const r = results.get(`${op.name}\u0000${s.label}`)!;
      return `${fmt(median(r.p50))} / ${fmt(median(r.p99))}`;
    });
    lines.push(`| ${op.goal ? `**${op.name}**` : op.name} | ${cells.join(" | ")} |`);
  }
  console.log(`\n${lines.join("\n")}`);
  const goal = OPS.find((o) => o.goal)!;
  for (const s of SUBJECTS) {
    const p50 = median(results.get(`${goal.name}\u0000${s.label}`)!.p50) / 1000;
    console.log(`${s.label}: ${goal.name}, p50 ${p50.toFixed(3)} ms — goal ≤ ${GOAL_MS} ms: ${p50 <= GOAL_MS ? "met" : "not met"}`);
  }
  console.log(`load average ${machineLoad()} at end`);
}

main();
