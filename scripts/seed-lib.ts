/**
 * The deterministic demo data generator behind `npm run db:seed`.
 *
 * Everything random comes from one seeded Faker instance of its own (never the shared one, so
 * two calls running side by side cannot disturb each other) and every date is computed from
 * the `now` anchor, so the same options give the same bytes. The data is built as the server
 * would have written it: each order walks its lifecycle in time order, stock moves when an
 * order is placed or cancelled, and each change leaves its audit event.
 */
import { createHash } from "node:crypto";
import { builtInRoleRows } from "../src/domain/roles/built-in";
import fs from "node:fs";
import path from "node:path";
import { base, en, Faker } from "@faker-js/faker";
import {
  COST_MAX,
  CREDIT_LIMIT_MAX,
  DEMO_PASSWORD,
  LOW_STOCK_THRESHOLD,
  ORDER_MAX_QUANTITY,
  ORDER_NUMBER_DIGITS,
  ORDER_NUMBER_PREFIX,
  PRICE_MAX,
  REFUND_WINDOW_DAYS,
  STOCK_MAX,
} from "../src/domain/constants";
import type { Role } from "../src/domain/entities/staff";
import { formatOrderNumber } from "../src/domain/format";
import { STATUS_TIMESTAMP, type OrderStatus } from "../src/domain/order-lifecycle";
import type { DbShape, Row } from "../src/server/db-shape";
import { hashPassword } from "../src/server/passwords";

export interface SeedOptions {
  orders: number;
  customers: number;
  products: number;
  /** Faker seed. */
  seed: number;
  /** The anchor every date is computed from (ISO 8601); the data ends just before it. */
  now: string;
}

export const DEFAULT_SEED_OPTIONS: Readonly<SeedOptions> = Object.freeze({
  orders: 600,
  customers: 150,
  products: 60,
  seed: 20261123,
  now: "2026-11-23T12:00:00.000Z",
});

/** The demo accounts, in id order; all sign in with DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: readonly { name: string; email: string; role: Role; active: boolean }[] = [
  { name: "Ada Admin", email: "admin@example.com", role: "admin", active: true },
  { name: "Mia Manager", email: "manager@example.com", role: "manager", active: true },
  { name: "Alan Agent", email: "agent@example.com", role: "agent", active: true },
  { name: "Anna Agent", email: "agent2@example.com", role: "agent", active: true },
  { name: "Otto Auditor", email: "auditor@example.com", role: "auditor", active: true },
  { name: "Fred Former", email: "former@example.com", role: "agent", active: false },
];
/** Staff beyond the demo accounts, with generated names. */
const EXTRA_ROLES: readonly Role[] = ["manager", "agent", "agent", "agent"];

const CATEGORIES = [
  {
    name: "Audio",
    code: "AUD",
    description: "Headsets, speakers and conference microphones for offices and home workers.",
    nouns: ["Headset", "Speakerphone", "Soundbar", "Earbuds", "Microphone", "Desk Speaker"],
    price: [1_500, 45_000],
  },
  {
    name: "Cables & Adapters",
    code: "CAB",
    description: "USB-C, HDMI, DisplayPort and power cables, hubs and travel adapters.",
    nouns: ["USB-C Cable", "HDMI Cable", "Travel Adapter", "USB Hub", "Power Strip", "DisplayPort Cable"],
    price: [500, 8_000],
  },
  {
    name: "Computers",
    code: "CMP",
    description: "Laptops, desktops and mini PCs, configured for business use.",
    nouns: ["Laptop", "Mini PC", "Workstation", "Ultrabook", "Desktop Tower", "Chromebook"],
    price: [30_000, 350_000],
  },
  {
    name: "Displays",
    code: "DSP",
    description: "Monitors, portable screens and meeting-room projectors.",
    nouns: ["Monitor", "Portable Display", "Projector", "Curved Monitor", "Touch Display"],
    price: [9_000, 180_000],
  },
  {
    name: "Networking",
    code: "NET",
    description: "Routers, switches, access points and the parts that connect them.",
    nouns: ["Router", "Switch", "Access Point", "Mesh Kit", "Firewall", "Patch Panel"],
    price: [2_500, 90_000],
  },
  {
    name: "Office Furniture",
    code: "FRN",
    description: "Desks, chairs and storage that hold up to a working day.",
    nouns: ["Desk", "Office Chair", "Filing Cabinet", "Monitor Arm", "Footrest", "Standing Desk"],
    price: [3_000, 120_000],
  },
  {
    name: "Peripherals",
    code: "PER",
    description: "Keyboards, mice, webcams and docking stations.",
    nouns: ["Keyboard", "Mouse", "Webcam", "Docking Station", "Trackpad", "Presenter"],
    price: [1_500, 30_000],
  },
  {
    name: "Storage",
    code: "STO",
    description: "SSDs, external drives, memory cards and network storage.",
    nouns: ["SSD", "External Drive", "NAS", "Memory Card", "Flash Drive", "Backup Drive"],
    price: [1_000, 95_000],
  },
] as const;

const BRANDS = ["Contoso", "Northwind", "Fabrikam", "Tailspin", "Litware", "Proseware", "Adatum", "Wingtip"];
const ADJECTIVES = [
  "Compact",
  "Wireless",
  "Ergonomic",
  "Slim",
  "Rugged",
  "Smart",
  "Premium",
  "Essential",
  "Portable",
  "Quiet",
  "Studio",
  "Business",
  "Modular",
  "Classic",
];
const PRODUCT_SUFFIXES = ["", "", " Pro", " Plus", " Mini", " Max", " Lite", " 2", " S", " X"];
const USES = ["open-plan offices", "remote teams", "meeting rooms", "busy front desks", "small businesses", "travel", "everyday work"];
const WARRANTIES = ["One-year", "Two-year", "Three-year", "Limited lifetime"];
const CUSTOMER_NOTES = [
  "Prefers email over phone.",
  "Net 30 payment terms agreed.",
  "Key account: call before changing anything on their orders.",
  "Ships to two warehouses; confirm the address on each order.",
  "Tax-exempt; certificate on file.",
  "Ask for the purchasing manager, not reception.",
  "Seasonal buyer, peaks in the fourth quarter.",
  "Invoices go to accounts payable, never to the buyer.",
];
const ORDER_NOTES = [
  "Leave at reception.",
  "Deliver after 2 pm.",
  "Customer asked for a single shipment.",
  "Fragile: double-box the displays.",
  "Rush order, promised for this week.",
  "Invoice to accounts payable.",
  "Call the buyer before delivery.",
];
const CANCEL_REASONS = [
  "Customer changed their mind.",
  "Payment not received within seven days.",
  "Duplicate of another order.",
  "Customer found the items cheaper elsewhere.",
  "Delivery address could not be verified.",
  "Project on hold, customer will reorder later.",
];
const REFUND_REASONS = [
  "Items arrived damaged.",
  "Wrong items shipped.",
  "Customer returned the goods unopened.",
  "Did not meet the customer's expectations.",
  "Faulty on arrival; replacement declined.",
];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WINDOW = 365 * DAY;
const IP = "127.0.0.1";

/**
 * How the orders split by status (the rest is delivered). In-flight states are few because
 * only recent orders can still be in them.
 */
const STATUS_SHARE: Partial<Record<OrderStatus, number>> = {
  draft: 0.015,
  placed: 0.02,
  paid: 0.02,
  shipped: 0.025,
  cancelled: 0.05,
  refunded: 0.035,
};
/** How old (days) an order in each state may be: drafts and orders in flight are recent. */
const AGE_DAYS: Record<OrderStatus, [number, number]> = {
  draft: [0.02, 10],
  placed: [0.1, 14],
  paid: [0.5, 16],
  shipped: [1, 12],
  delivered: [3, 365],
  cancelled: [1, 365],
  refunded: [6, 365],
};
/**
 * Finished orders thin out over the last days, where the orders still in flight are, so the
 * orders per day stay about level.
 */
const FINISHED_RAMP_DAYS = 14;
/** Orders of the first demo agent (and the second) in each state, so their screens show every case. */
const FORCED_AGENT_ORDERS: Partial<Record<OrderStatus, [number, number]>> = {
  draft: [3, 2],
  placed: [2, 1],
  paid: [2, 1],
  shipped: [2, 1],
};

type Changes = Record<string, { from: unknown; to: unknown }>;
interface PendingEvent {
  at: number;
  actorId: number;
  action: "create" | "update" | "transition";
  resource: "staff" | "customers" | "categories" | "products" | "orders";
  recordId: number;
  changes: Changes;
}

const iso = (ms: number) => new Date(ms).toISOString();
const created = (fields: Record<string, unknown>): Changes => {
  const changes: Changes = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) changes[k] = { from: null, to: v };
  return changes;
};
/** Drop absent optional fields so they are missing from the JSON rather than null. */
const compact = <T extends Record<string, unknown>>(row: T): T => {
  for (const k of Object.keys(row)) if (row[k] === undefined) delete row[k];
  return row;
};
/** Largest remainder: split `total` by weights into whole counts that add up exactly. */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    counts[i]++;
  }
  return counts;
}
/** First index whose value is > x in an ascending array (binary search). */
function upperBound(sorted: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
const slug = (s: string) =>
  s
    .normalize("NFD")
    .toLowerCase()
    .replace(/[^a-z]/g, "");

function checkOptions(o: SeedOptions) {
  for (const key of ["orders", "customers", "products", "seed"] as const) {
    if (!Number.isSafeInteger(o[key]) || o[key] < 0) throw new Error(`--${key} must be a whole number ≥ 0, got ${o[key]}`);
  }
  if (o.products < 1) throw new Error("--products must be at least 1");
  if (o.orders > 0 && o.customers < 1) throw new Error("--customers must be at least 1 when there are orders");
  if (Number.isNaN(Date.parse(o.now))) throw new Error(`--now must be an ISO 8601 date, got ${o.now}`);
}

/** An audit event before its id: ids follow time, which only the whole set knows (see `auditOrder`). */
export interface SeedEvent {
  /** The order it happened in, among events at the same moment. */
  seq: number;
  row: Omit<Row, "id">;
}

/**
 * What the generator gives, in an order a database can load it in (every row after the rows it
 * points at): staff, categories, customers, then each order with its own events as it is made,
 * then the products (their stock and versions are known only once every order has moved them)
 * and the remaining events. Nothing grows with the number of orders except what an order needs to
 * be drawn, so a million orders stream through in constant memory.
 */
export type SeedItem =
  | { kind: "staff" | "categories" | "customers" | "products"; rows: Row[] }
  | { kind: "order"; row: Row; events: SeedEvent[] }
  | { kind: "events"; events: SeedEvent[] };

/** The whole data set as the data file holds it. */
export async function generateDb(options: Partial<SeedOptions> = {}): Promise<DbShape> {
  const db: DbShape = {
    staff: [],
    customers: [],
    categories: [],
    products: [],
    orders: [],
    roles: [],
    views: [],
    "audit-events": [],
    credentials: [],
    sessions: [],
    loginFailures: [],
    twoFactor: [],
    tokens: [],
    preferences: [],
    counters: { orderNumber: 1 },
  };
  const events: SeedEvent[] = [];
  for (const item of generateRecords(options)) {
    if (item.kind === "order") {
      db.orders.push(item.row);
      events.push(...item.events);
    } else if (item.kind === "events") events.push(...item.events);
    else db[item.kind] = item.rows;
  }
  events.sort(auditOrder);
  db["audit-events"] = events.map((e, k) => ({ id: k + 1, ...e.row }) as Row);
  db.credentials = await credentialsFor(db.staff);
  db.counters = { orderNumber: db.orders.length + 1 };
  // The keys in the order the file has always had.
  return {
    staff: db.staff,
    customers: db.customers,
    categories: db.categories,
    products: db.products,
    orders: db.orders,
    // As old as the oldest account: the roles were there before anyone held one.
    roles: builtInRoleRows(db.staff.map((s) => s.createdAt).sort()[0]) as Row[],
    views: [],
    "audit-events": db["audit-events"],
    credentials: db.credentials,
    sessions: [],
    loginFailures: [],
    twoFactor: [],
    tokens: [],
    preferences: [],
    counters: db.counters,
  };
}

/** Audit ids in time order; events at the same moment keep the order they happened in. */
export const auditOrder = (a: SeedEvent, b: SeedEvent) => (a.row.at === b.row.at ? a.seq - b.seq : (a.row.at as string) < (b.row.at as string) ? -1 : 1);

/** Each account its own salt, derived from the email so the data is reproducible. */
export function credentialsFor(staff: Row[]): Promise<DbShape["credentials"]> {
  return Promise.all(
    staff.map(async (s) => {
      const salt = createHash("sha256")
        .update(s.email as string)
        .digest()
        .subarray(0, 16);
      return { staffId: s.id, hash: await hashPassword(DEMO_PASSWORD, salt), changedAt: s.createdAt };
    }),
  );
}

/** The generator itself: the same options, the same items, in the same order. */
export function* generateRecords(options: Partial<SeedOptions> = {}): Generator<SeedItem> {
  const opts: SeedOptions = { ...DEFAULT_SEED_OPTIONS, ...options };
  checkOptions(opts);
  const now = Date.parse(opts.now);
  const windowStart = now - WINDOW;

  const f = new Faker({ locale: [en, base] });
  f.seed(opts.seed);
  f.setDefaultRefDate(new Date(now));
  const rand = () => f.number.float();
  const int = (min: number, max: number) => f.number.int({ min, max });
  const chance = (p: number) => rand() < p;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)];
  /** min … max, bunched towards min as `power` grows. */
  const skew = (min: number, max: number, power = 1) => Math.floor(min + (max - min) * rand() ** power);

  // Events wait here until the rows they are about have been given out.
  let pending: SeedEvent[] = [];
  let seq = 0;
  const actorNames = new Map<number, string>();
  const event = (e: PendingEvent) => {
    const at = iso(e.at);
    pending.push({
      seq: seq++,
      row: {
        at,
        actorId: e.actorId,
        actorName: actorNames.get(e.actorId)!,
        action: e.action,
        resource: e.resource,
        recordId: e.recordId,
        changes: e.changes,
        ip: IP,
        createdAt: at,
        updatedAt: at,
        version: 1,
      },
    });
  };
  const takeEvents = () => {
    const out = pending;
    pending = [];
    return out;
  };

  // ---- staff ----------------------------------------------------------------------------
  const staffSpecs: { name: string; email: string; role: Role; active: boolean }[] = [...DEMO_ACCOUNTS];
  const emails = new Set(staffSpecs.map((s) => s.email));
  for (const role of EXTRA_ROLES) {
    const first = f.person.firstName();
    const last = f.person.lastName();
    let email = `${slug(first)}.${slug(last)}@example.com`;
    for (let n = 2; emails.has(email); n++) email = `${slug(first)}.${slug(last)}${n}@example.com`;
    emails.add(email);
    staffSpecs.push({ name: `${first} ${last}`, email, role, active: true });
  }
  // The first admin opened the account two years back; the others joined over the months after.
  const staffTimes = [now - 730 * DAY, ...Array.from({ length: staffSpecs.length - 1 }, () => skew(now - 725 * DAY, now - 600 * DAY))];
  staffTimes.sort((a, b) => a - b);
  const staff: Row[] = staffSpecs.map((s, i) => {
    const createdAt = staffTimes[i];
    let lastLoginAt: number | undefined;
    if (!s.active) lastLoginAt = now - int(70, 90) * DAY - int(0, 8 * HOUR);
    else if (i < DEMO_ACCOUNTS.length || chance(0.5)) lastLoginAt = now - skew(10 * MINUTE, 6 * DAY, 2);
    return compact({
      id: i + 1,
      name: s.name,
      email: s.email,
      role: s.role,
      active: s.active,
      lastLoginAt: lastLoginAt === undefined ? undefined : iso(lastLoginAt),
      createdAt: iso(createdAt),
      updatedAt: iso(createdAt),
      version: 1,
    });
  });
  const staffById = new Map(staff.map((s) => [s.id, s]));
  for (const s of staff) actorNames.set(s.id, s.name as string);
  const idOf = (email: string) => staff.find((s) => s.email === email)!.id;
  const ADMIN = idOf("admin@example.com");
  const MANAGER = idOf("manager@example.com");
  const AGENT = idOf("agent@example.com");
  const AGENT2 = idOf("agent2@example.com");
  const managers = staff.filter((s) => s.role === "manager" && s.active).map((s) => s.id);
  /** Who handles an escalation: cancels, refunds, orders taken over from an agent. */
  const pickSupervisor = () => (chance(0.15) ? ADMIN : chance(0.6) ? MANAGER : pick(managers));
  for (const s of staff) {
    if (s.id === ADMIN) continue; // the first account was there before anyone could record it
    event({
      at: Date.parse(s.createdAt),
      actorId: ADMIN,
      action: "create",
      resource: "staff",
      recordId: s.id,
      changes: created({ name: s.name, email: s.email, role: s.role, active: true }),
    });
    if (!s.active) {
      const at = Date.parse(s.lastLoginAt as string) + int(5, 20) * DAY;
      Object.assign(s, { updatedAt: iso(at), version: 2 });
      event({ at, actorId: ADMIN, action: "update", resource: "staff", recordId: s.id, changes: { active: { from: true, to: false } } });
    }
  }
  yield { kind: "staff", rows: staff };

  // ---- categories -----------------------------------------------------------------------
  // The manager set up the catalogue the day after joining, before the first product.
  let categoryAt = Date.parse(staff.find((s) => s.id === MANAGER)!.createdAt) + DAY;
  const categories: Row[] = CATEGORIES.map((c, i) => {
    const at = (categoryAt += int(2, 20) * MINUTE);
    event({ at, actorId: MANAGER, action: "create", resource: "categories", recordId: i + 1, changes: created({ name: c.name, description: c.description }) });
    return { id: i + 1, name: c.name, description: c.description, createdAt: iso(at), updatedAt: iso(at), version: 1 };
  });
  yield { kind: "categories", rows: categories };

  // ---- products -------------------------------------------------------------------------
  const P = opts.products;
  const [draftCount, archivedCount] = P >= 3 ? [Math.max(1, Math.round(P * 0.08)), Math.max(1, Math.round(P * 0.07))] : [0, 0];
  const productStatus: string[] = f.helpers.shuffle([
    ...Array<string>(draftCount).fill("draft"),
    ...Array<string>(archivedCount).fill("archived"),
    ...Array<string>(P - draftCount - archivedCount).fill("active"),
  ]);
  const usedNames = new Set<string>();
  const productSpecs = productStatus.map((status, i) => {
    const catIndex = i % CATEGORIES.length;
    const cat = CATEGORIES[catIndex];
    let name = "";
    let brand = "";
    let adjective = "";
    let noun = "";
    for (let tries = 0; tries < 12 && (!name || usedNames.has(name)); tries++) {
      [brand, adjective, noun] = [pick(BRANDS), pick(ADJECTIVES), pick(cat.nouns)];
      name = `${brand} ${adjective} ${noun}${pick(PRODUCT_SUFFIXES)}`;
    }
    if (usedNames.has(name)) name = `${name} ${i + 1}`;
    usedNames.add(name);
    // Shelf prices end in .99; cost is what the merchant paid, always below the price.
    const price = Math.min(PRICE_MAX, Math.max(99, Math.round(skew(cat.price[0], cat.price[1], 1.8) / 100) * 100 - 1));
    const cost = Math.min(COST_MAX, Math.floor(price * (0.4 + rand() * 0.35)));
    const createdAt = status === "draft" ? now - skew(2 * DAY, 45 * DAY) : skew(now - 560 * DAY, now - 380 * DAY);
    // "USB-C Cable" → "USB-C cable": lower-case the words, keep the acronyms.
    const thing = `${adjective} ${noun}`.replace(/\b[A-Z][a-z]+\b/g, (w) => w.toLowerCase());
    const description = status === "draft" && chance(0.5) ? undefined : `${brand}'s ${thing} for ${pick(USES)}. ${pick(WARRANTIES)} warranty.`;
    return { status, catIndex, name, price, cost, createdAt, description };
  });
  productSpecs.sort((a, b) => a.createdAt - b.createdAt);
  if (!productSpecs.some((p) => p.status === "active")) productSpecs[0].status = "active";
  const products: Row[] = productSpecs.map((p, i) =>
    compact({
      id: i + 1,
      sku: `${CATEGORIES[p.catIndex].code}-${1001 + i}`,
      name: p.name,
      categoryId: p.catIndex + 1,
      price: p.price,
      cost: p.cost,
      stock: 0, // set below, once the orders have taken theirs
      status: p.status,
      description: p.description,
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.createdAt),
      version: 1,
    }),
  );
  const active = products.filter((p) => p.status === "active");
  // Current stock: healthy for most, a few at or under the low-stock mark, a few sold out.
  const stockOf = new Map<number, number>();
  {
    const shuffled = f.helpers.shuffle([...active]);
    const zero = Math.max(1, Math.round(active.length * 0.05));
    const low = Math.max(1, Math.round(active.length * 0.1));
    shuffled.forEach((p, i) => {
      const stock =
        i < zero ? 0 : i === zero ? LOW_STOCK_THRESHOLD : i < zero + low ? int(1, LOW_STOCK_THRESHOLD - 1) : skew(LOW_STOCK_THRESHOLD + 5, 900, 1.6);
      stockOf.set(p.id, stock);
    });
    for (const p of products) if (p.status !== "active") stockOf.set(p.id, p.status === "draft" ? skew(0, 200) : skew(0, 40, 2));
  }
  const productPopularity = active.map(() => 0.3 + 3 * rand() ** 2);
  const productCum = cumulative(productPopularity);

  // ---- customers ------------------------------------------------------------------------
  const C = opts.customers;
  // Every active agent and manager owns some; the two demo agents a healthy share each.
  const owners = staff.filter((s) => s.active && (s.role === "agent" || s.role === "manager")).map((s) => s.id);
  const ownerWeight = (id: number) => (id === AGENT || id === AGENT2 ? 5 : staffById.get(id)!.role === "agent" ? 4 : 3);
  const ownerSlots = f.helpers.shuffle(apportion(C, owners.map(ownerWeight)).flatMap((n, i) => Array<number>(n).fill(owners[i])));
  const customerEmails = new Set<string>();
  const customerSpecs = ownerSlots.map((ownerId) => {
    const first = f.person.firstName();
    const last = f.person.lastName();
    const domain = pick(["example.com", "example.net", "example.org"]);
    let email = `${slug(first)}.${slug(last)}@${domain}`;
    for (let n = 2; customerEmails.has(email); n++) email = `${slug(first)}.${slug(last)}${n}@${domain}`;
    customerEmails.add(email);
    const tier = pick(["standard", "standard", "standard", "standard", "standard", "silver", "silver", "silver", "gold", "gold"]);
    const limitRange = { standard: [0, 5_000], silver: [5_000, 25_000], gold: [25_000, 100_000] }[tier]!;
    const creditLimit = Math.min(CREDIT_LIMIT_MAX, Math.round(skew(limitRange[0], limitRange[1], 1.5) / 100) * 100 * 100);
    const createdAt = chance(0.65) ? skew(now - 540 * DAY, windowStart) : skew(windowStart, now - 14 * DAY);
    return {
      name: `${first} ${last}`,
      email,
      phone: chance(0.88) ? phone() : undefined,
      company: chance(0.7) ? f.company.name() : undefined,
      tier,
      creditLimit,
      ownerId,
      notes: chance(0.25) ? pick(CUSTOMER_NOTES) : undefined,
      createdAt,
    };
  });
  customerSpecs.sort((a, b) => a.createdAt - b.createdAt);
  function phone() {
    const d = (n: number) => String(int(10 ** (n - 1), 10 ** n - 1));
    const style = rand();
    if (style < 0.7) return `+1 (${int(201, 989)}) ${int(200, 999)}-${d(4)}`;
    if (style < 0.85) return `+44 20 ${d(4)} ${d(4)}`;
    return `(${int(201, 989)}) ${int(200, 999)}-${d(4)}`;
  }
  const customers: Row[] = customerSpecs.map((c, i) => {
    const id = i + 1;
    const actorId = chance(0.65) ? MANAGER : pick(managers);
    const fields = {
      name: c.name,
      email: c.email,
      phone: c.phone,
      company: c.company,
      tier: c.tier,
      creditLimit: c.creditLimit,
      ownerId: c.ownerId,
      notes: c.notes,
    };
    const row = compact({ id, ...fields, createdAt: iso(c.createdAt), updatedAt: iso(c.createdAt), version: 1 }) as Row;
    // One in ten grew into a higher tier later: created lower, upgraded by a manager.
    if (c.tier !== "standard" && chance(0.2)) {
      const before =
        c.tier === "gold"
          ? { tier: "silver", creditLimit: Math.round(c.creditLimit / 4 / 10_000) * 10_000 }
          : { tier: "standard", creditLimit: Math.round(c.creditLimit / 3 / 10_000) * 10_000 };
      event({ at: c.createdAt, actorId, action: "create", resource: "customers", recordId: id, changes: created({ ...fields, ...before }) });
      const at = skew(c.createdAt + 7 * DAY, Math.max(c.createdAt + 8 * DAY, now - 2 * DAY));
      event({
        at,
        actorId: pickSupervisor(),
        action: "update",
        resource: "customers",
        recordId: id,
        changes: { tier: { from: before.tier, to: c.tier }, creditLimit: { from: before.creditLimit, to: c.creditLimit } },
      });
      Object.assign(row, { updatedAt: iso(at), version: 2 });
    } else event({ at: c.createdAt, actorId, action: "create", resource: "customers", recordId: id, changes: created(fields) });
    return row;
  });
  const customerTimes = customers.map((c) => Date.parse(c.createdAt));
  const tierWeight: Record<string, number> = { standard: 1, silver: 2, gold: 4 };
  const customerCum = cumulative(customers.map((c) => tierWeight[c.tier as string] * (0.25 + 4 * rand() ** 3)));
  const customersOf = new Map<number, number[]>(owners.map((o) => [o, []]));
  customers.forEach((c, i) => customersOf.get(c.ownerId as number)!.push(i));
  yield { kind: "customers", rows: customers };
  yield { kind: "events", events: takeEvents() };

  // ---- orders ---------------------------------------------------------------------------
  const N = opts.orders;
  const statuses = Object.keys(STATUS_SHARE) as OrderStatus[];
  const counts = statuses.map((s) => (N >= 7 ? Math.max(1, Math.round(N * STATUS_SHARE[s]!)) : 0));
  const delivered = N - counts.reduce((a, b) => a + b, 0);
  const plan: { status: OrderStatus; owner?: number }[] = [];
  statuses.forEach((s, i) => {
    const [forAgent, forAgent2] = FORCED_AGENT_ORDERS[s] ?? [0, 0];
    for (let k = 0; k < counts[i]; k++) plan.push({ status: s, owner: k < forAgent ? AGENT : k < forAgent + forAgent2 ? AGENT2 : undefined });
  });
  for (let k = 0; k < delivered; k++) plan.push({ status: "delivered" });

  /** A moment in a working day (US hours, in UTC), weekends quieter, not after `latest`. */
  const workingMoment = (ms: number, earliest: number, latest: number) => {
    for (let tries = 0; tries < 4; tries++) {
      const day = Math.floor(ms / DAY) * DAY;
      const t = day + int(13 * HOUR, 23 * HOUR);
      const weekday = new Date(day).getUTCDay();
      if ((weekday === 0 || weekday === 6) && chance(0.6) && tries < 3) {
        ms += (chance(0.5) ? 1 : -1) * DAY * int(1, 2);
        continue;
      }
      if (t >= earliest && t <= latest) return t;
      ms = earliest + rand() * (latest - earliest);
    }
    return Math.floor(earliest + rand() * (latest - earliest));
  };
  // Orders grow over the year: the density rises linearly to twice its start.
  const growth = (min: number, max: number) => {
    const g = 1;
    const u = rand();
    const t = (-1 + Math.sqrt(1 + 2 * g * u * (1 + g / 2))) / g;
    return min + t * (max - min);
  };
  const chainOf = (status: OrderStatus): OrderStatus[] => {
    switch (status) {
      case "draft":
        return [];
      case "placed":
        return ["placed"];
      case "paid":
        return ["placed", "paid"];
      case "shipped":
        return ["placed", "paid", "shipped"];
      case "delivered":
        return ["placed", "paid", "shipped", "delivered"];
      case "cancelled":
        return chance(0.6) ? ["placed", "cancelled"] : ["placed", "paid", "cancelled"];
      case "refunded":
        return ["placed", "paid", "shipped", "delivered", "refunded"];
    }
  };
  const delayBefore = (step: OrderStatus): number => {
    switch (step) {
      case "placed":
        return skew(5 * MINUTE, 2 * DAY, 3);
      case "paid":
        return skew(10 * MINUTE, 5 * DAY, 2);
      case "shipped":
        return skew(2 * HOUR, 4 * DAY, 1.5);
      case "delivered":
        return skew(1 * DAY, 7 * DAY, 1.2);
      case "cancelled":
        return skew(1 * HOUR, 7 * DAY, 1.5);
      case "refunded":
        return skew(1 * DAY, (REFUND_WINDOW_DAYS - 1) * DAY);
      default:
        return 0;
    }
  };

  const timed = plan.map((p, seq) => {
    const [minAge, maxAge] = AGE_DAYS[p.status];
    const latest = now - minAge * DAY;
    const earliest = Math.max(windowStart, now - maxAge * DAY);
    let rough = maxAge > 30 ? growth(earliest, latest) : earliest + rand() * (latest - earliest);
    for (let tries = 0; maxAge > 30 && now - rough < FINISHED_RAMP_DAYS * DAY && tries < 20; tries++) {
      if (rand() < (now - rough) / (FINISHED_RAMP_DAYS * DAY)) break;
      rough = growth(earliest, latest);
    }
    const createdAt = workingMoment(rough, earliest, latest);
    const chain = chainOf(p.status);
    let delays = chain.map(delayBefore);
    const room = now - MINUTE - createdAt;
    const needed = delays.reduce((a, b) => a + b, 0);
    // Too late to have got this far: squeeze the steps into the time there was (the refund
    // window only gets shorter).
    if (needed >= room) delays = delays.map((d) => Math.max(1000, Math.floor((d * room * 0.9) / needed)));
    const steps: [OrderStatus, number][] = [];
    let t = createdAt;
    for (const [k, step] of chain.entries()) steps.push([step, (t += delays[k])]);
    return { ...p, seq, createdAt, steps };
  });
  timed.sort((a, b) => a.createdAt - b.createdAt || a.seq - b.seq);

  const activeStock = active.map((p) => stockOf.get(p.id)!);
  const pickCustomer = (at: number, owner?: number): number => {
    const known = upperBound(customerTimes, at - 1); // customers created before the order
    if (owner !== undefined) {
      const theirs = customersOf.get(owner) ?? [];
      const k = upperBound(
        theirs.map((i) => customerTimes[i]),
        at - 1,
      );
      if (k > 0) return theirs[Math.floor(rand() * k)];
    }
    const n = Math.max(1, known);
    return upperBound(customerCum, rand() * customerCum[n - 1]);
  };
  const pickQuantity = (price: number) => {
    const r = rand();
    const q = r < 0.6 ? int(1, 3) : r < 0.85 ? int(4, 10) : r < 0.97 ? int(11, 50) : int(51, 250);
    // A line is rarely worth more than $100,000: fewer of the expensive things.
    return Math.min(q, Math.max(1, Math.floor(10_000_000 / price)), ORDER_MAX_QUANTITY);
  };
  const pickItems = (draft: boolean) => {
    // Every order has 1–50 lines, drafts too: an empty one could not be made through the API.
    const lines = [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 5][int(0, 19)];
    const items: { productId: number; quantity: number; unitPrice: number }[] = [];
    for (let tries = 0; items.length < lines && tries < lines * 10; tries++) {
      const k = Math.min(upperBound(productCum, rand() * productCum[productCum.length - 1]), active.length - 1);
      const product = active[k];
      if (items.some((it) => it.productId === product.id)) continue;
      let quantity = pickQuantity(product.price as number);
      // A draft can still be placed: it asks no more than there is.
      if (draft) {
        if (activeStock[k] < 1) continue;
        quantity = Math.min(quantity, activeStock[k]);
      }
      items.push({ productId: product.id, quantity, unitPrice: product.price as number });
    }
    return items;
  };

  // What the orders did to each product's stock, added up as they go.
  const taken = new Map<number, number>();
  const lastMove = new Map<number, number>();
  const moves = new Map<number, number>();
  const moveStock = (productId: number, quantity: number, at: number) => {
    taken.set(productId, (taken.get(productId) ?? 0) + quantity);
    moves.set(productId, (moves.get(productId) ?? 0) + 1);
    lastMove.set(productId, Math.max(lastMove.get(productId) ?? 0, at));
  };
  for (const [index, o] of timed.entries()) {
    const id = index + 1;
    const number = formatOrderNumber(id, ORDER_NUMBER_PREFIX, ORDER_NUMBER_DIGITS);
    const customer = customers[pickCustomer(o.createdAt, o.owner)];
    const owner = customer.ownerId as number;
    const assigneeId = o.owner !== undefined || chance(0.92) ? owner : pickSupervisor();
    const items = pickItems(o.status === "draft");
    const total = items.reduce((sum, it) => sum + it.quantity * it.unitPrice, 0);
    const notes = chance(0.15) ? (chance(0.3) ? `PO ${int(10000, 99999)}.` : pick(ORDER_NOTES)) : undefined;
    const row: Row = {
      id,
      number,
      customerId: customer.id,
      assigneeId,
      items,
      total,
      status: "draft",
      notes,
      createdAt: iso(o.createdAt),
      updatedAt: iso(o.createdAt),
      version: 1,
    };
    event({
      at: o.createdAt,
      actorId: assigneeId,
      action: "create",
      resource: "orders",
      recordId: id,
      changes: created({ number, customerId: customer.id, assigneeId, items: items.map((it) => ({ ...it })), total, status: "draft", notes }),
    });
    let from: OrderStatus = "draft";
    for (const [to, at] of o.steps) {
      const field = STATUS_TIMESTAMP[to as Exclude<OrderStatus, "draft">];
      const changes: Changes = { status: { from, to }, [field]: { from: null, to: iso(at) } };
      let actorId = assigneeId;
      if (to === "cancelled" || to === "refunded") {
        // Cancelling and refunding take a manager or admin, and a reason.
        const reason = pick(to === "cancelled" ? CANCEL_REASONS : REFUND_REASONS);
        changes.reason = { from: null, to: reason };
        row.reason = reason;
        const assignee = staffById.get(assigneeId)!;
        if (assignee.role !== "manager" && assignee.role !== "admin") actorId = pickSupervisor();
      }
      if (to === "placed") for (const it of items) moveStock(it.productId, it.quantity, at);
      if (to === "cancelled") for (const it of items) moveStock(it.productId, -it.quantity, at);
      row[field] = iso(at);
      row.status = to;
      row.updatedAt = iso(at);
      row.version += 1;
      event({ at, actorId, action: "transition", resource: "orders", recordId: id, changes });
      from = to;
    }
    yield {
      kind: "order",
      row: compact({
        id,
        number,
        customerId: row.customerId,
        assigneeId,
        items,
        total,
        status: row.status,
        notes,
        placedAt: row.placedAt,
        paidAt: row.paidAt,
        shippedAt: row.shippedAt,
        deliveredAt: row.deliveredAt,
        cancelledAt: row.cancelledAt,
        refundedAt: row.refundedAt,
        reason: row.reason,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        version: row.version,
      }) as Row,
      events: takeEvents(),
    };
  }

  // ---- stock: every placed order took its items, every cancel gave them back -----------------
  // The product began with what it has now plus everything taken since; each movement is a
  // change of the product, so it moves `version` and `updatedAt` as the server does.
  for (const p of products) {
    const stock = stockOf.get(p.id)!;
    const initial = Math.min(STOCK_MAX, stock + (taken.get(p.id) ?? 0));
    const createdAt = Date.parse(p.createdAt);
    const actorId = chance(0.7) ? MANAGER : pick(managers);
    event({
      at: createdAt,
      actorId,
      action: "create",
      resource: "products",
      recordId: p.id,
      changes: created({
        sku: p.sku,
        name: p.name,
        categoryId: p.categoryId,
        price: p.price,
        cost: p.cost,
        stock: initial,
        status: p.status === "draft" ? "draft" : "active",
        description: p.description,
      }),
    });
    let updated = Math.max(createdAt, lastMove.get(p.id) ?? 0);
    let version = 1 + (moves.get(p.id) ?? 0);
    if (p.status === "archived") {
      const at = skew(createdAt + 30 * DAY, now - 20 * DAY);
      event({ at, actorId, action: "update", resource: "products", recordId: p.id, changes: { status: { from: "active", to: "archived" } } });
      updated = Math.max(updated, at);
      version += 1;
    }
    Object.assign(p, { stock, updatedAt: iso(updated), version });
  }

  yield { kind: "products", rows: products };
  yield { kind: "events", events: takeEvents() };
}

function cumulative(weights: number[]): Float64Array {
  const cum = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => (cum[i] = sum += w));
  return cum;
}

// ---- writing ----------------------------------------------------------------------------------

/** The file's text: JSON with 2-space indent (as the server's store writes it) and a final newline. */
export const serializeDb = (db: DbShape) => `${JSON.stringify(db, null, 2)}\n`;

/**
 * The same bytes as `serializeDb`, one record at a time, so a 100k-order file never has to be
 * one string (V8 caps a string at ~512 MB).
 */
export function* serializeDbChunks(db: DbShape): Generator<string> {
  const keys = Object.keys(db) as (keyof DbShape)[];
  yield "{";
  for (const [k, key] of keys.entries()) {
    const value = db[key] as unknown;
    yield `${k ? "," : ""}\n  ${JSON.stringify(key)}: `;
    if (Array.isArray(value) && value.length) {
      yield "[";
      for (const [i, item] of value.entries()) yield `${i ? "," : ""}\n    ${JSON.stringify(item, null, 2).replace(/\n/g, "\n    ")}`;
      yield "\n  ]";
    } else yield JSON.stringify(value, null, 2).replace(/\n/g, "\n  ");
  }
  yield "\n}\n";
}

/**
 * Write a file so that a crash at any moment leaves the old one or the new one, never half of
 * either: temporary file, fsync, rename, fsync of the folder. The temporary name follows the
 * server's store (`.<name>.<pid>.<time>.tmp`), which clears leftovers when it starts.
 */
export function writeFileAtomic(file: string, chunks: Iterable<string>): number {
  const dir = path.dirname(path.resolve(file));
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
  let bytes = 0;
  const fd = fs.openSync(tmp, "w");
  try {
    let buffer: string[] = [];
    let buffered = 0;
    const flush = () => {
      const chunk = Buffer.from(buffer.join(""), "utf8");
      fs.writeSync(fd, chunk);
      bytes += chunk.length;
      buffer = [];
      buffered = 0;
    };
    for (const chunk of chunks) {
      buffer.push(chunk);
      buffered += chunk.length;
      if (buffered >= 1 << 20) flush();
    }
    flush();
    fs.fsyncSync(fd);
  } catch (err) {
    fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  fs.closeSync(fd);
  try {
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  const dirFd = fs.openSync(dir, "r");
  try {
    fs.fsyncSync(dirFd);
  } finally {
    fs.closeSync(dirFd);
  }
  return bytes;
}
