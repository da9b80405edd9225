/**
 * The contract the Switchboard app relies on, checked against any backend over HTTP: the
 * simple-rest list dialect, versions and conflicts, the error body, the auth calls, the order
 * lifecycle, the dashboard and the live stream. Each check says what the app loses when it fails.
 * It makes one customer and deletes it again (and reads an order); nothing else is written.
 */

export interface ContractOptions {
  /** The API's base, e.g. http://127.0.0.1:3000/api. */
  url: string;
  /** An account that may create, change and delete customers. */
  email: string;
  password: string;
  /** How long to wait for the live stream's event after a write. */
  eventWaitMs?: number;
}

export interface CheckResult {
  area: string;
  check: string;
  ok: boolean;
  /** What was seen when it failed. */
  detail?: string;
  /** What the app loses on a backend that fails this. */
  loses: string;
}

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

class Failed extends Error {}
const fail = (detail: string): never => {
  throw new Failed(detail);
};
const expectThat = (ok: boolean, detail: string) => {
  if (!ok) fail(detail);
};

const isErrorBody = (body: unknown): body is { code: string; message: string; errors?: Record<string, string[]> } =>
  !!body && typeof body === "object" && typeof (body as Json).code === "string" && typeof (body as Json).message === "string";

const lower = (v: unknown) => String(v ?? "").toLowerCase();

export async function runContract(opts: ContractOptions): Promise<CheckResult[]> {
  const base = opts.url.replace(/\/$/, "");
  let cookie = "";
  const call = async (method: string, path: string, json?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await fetch(base + path, {
      method,
      headers: { Accept: "application/json", ...(json === undefined ? {} : { "Content-Type": "application/json" }), ...(cookie ? { cookie } : {}), ...headers },
      body: json === undefined ? undefined : JSON.stringify(json),
      redirect: "manual",
    });
    const setCookie = res.headers.getSetCookie().map((c) => c.split(";")[0]);
    if (setCookie.length) cookie = setCookie.join("; ");
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: kept as text for the report.
    }
    return { status: res.status, headers: res.headers, body };
  };
  const list = async (query: string): Promise<{ rows: Json[]; total: number | null; answer: Answer }> => {
    const answer = await call("GET", `/customers?${query}`);
    expectThat(answer.status === 200 && Array.isArray(answer.body), `GET /customers?${query}: ${answer.status}`);
    const header = answer.headers.get("x-total-count");
    return { rows: answer.body as Json[], total: header === null ? null : Number(header), answer };
  };

  const results: CheckResult[] = [];
  const check = async (area: string, name: string, loses: string, work: () => Promise<void>) => {
    try {
      await work();
      results.push({ area, check: name, ok: true, loses });
    } catch (error) {
      const detail = error instanceof Failed ? error.message : error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      results.push({ area, check: name, ok: false, detail, loses });
    }
  };

  // Sign-in first: everything after runs in its session (or, where there is none, without one).
  await check("auth", "POST /auth/login signs in (a session cookie)", "signing in: the app cannot be used", async () => {
    const res = await call("POST", "/auth/login", { email: opts.email, password: opts.password });
    expectThat(res.status === 200, `answered ${res.status}`);
    expectThat(cookie !== "", "no cookie was set");
  });
  await check("auth", "GET /auth/me names the user, with their permissions", "who is signed in, the menu and every button by role", async () => {
    const res = await call("GET", "/auth/me");
    expectThat(res.status === 200, `answered ${res.status}`);
    const body = res.body as { user?: Json; permissions?: { rules?: unknown } };
    expectThat(typeof body?.user?.id === "number" && typeof body.user.role === "string", "no user with an id and a role");
    expectThat(Array.isArray(body.permissions?.rules), "no permissions.rules (the app then asks GET /auth/permissions)");
  });
  await check("auth", "a wrong password is 401 INVALID_CREDENTIALS", "the sign-in form's answer in words", async () => {
    const res = await fetch(`${base}/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ email: opts.email, password: `${opts.password}-not` }),
    });
    const body = (await res.json().catch(() => null)) as unknown;
    expectThat(res.status === 401 && isErrorBody(body) && body.code === "INVALID_CREDENTIALS", `answered ${res.status} ${JSON.stringify(body)?.slice(0, 80)}`);
  });

  const lists = "lists (simple-rest)";
  let sample: Json[] = [];
  await check(lists, "_start/_end page, X-Total-Count with the total", "pagination and the total under every list", async () => {
    const { rows, total } = await list("_start=0&_end=5");
    expectThat(rows.length > 0 && rows.length <= 5, `${rows.length} rows for _start=0&_end=5`);
    expectThat(total !== null && Number.isInteger(total) && total >= rows.length, `X-Total-Count: ${String(total)}`);
    const next = await list("_start=5&_end=10");
    const both = await list("_start=0&_end=10");
    expectThat(
      JSON.stringify([...rows, ...next.rows].map((r) => r.id)) === JSON.stringify(both.rows.map((r) => r.id)),
      "pages 1 and 2 are not the first ten rows",
    );
    sample = both.rows;
  });
  await check(lists, "_sort and _order sort both ways", "sorting by a column", async () => {
    const asc = (await list("_sort=name&_order=asc&_end=20")).rows.map((r) => lower(r.name));
    const desc = (await list("_sort=name&_order=desc&_end=20")).rows.map((r) => lower(r.name));
    const sorted = (xs: string[], dir: 1 | -1) => xs.every((x, i) => i === 0 || dir * xs[i - 1].localeCompare(x) <= 0);
    expectThat(sorted(asc, 1), `not ascending: ${asc.slice(0, 3).join(", ")}`);
    expectThat(sorted(desc, -1), `not descending: ${desc.slice(0, 3).join(", ")}`);
  });
  await check(lists, "field=value filters, the total counts the filtered rows", "every filter (status, tier, owner …)", async () => {
    const tier = String(sample[0]?.tier ?? "gold");
    const { rows, total } = await list(`tier=${encodeURIComponent(tier)}&_end=50`);
    expectThat(rows.length > 0 && rows.every((r) => r.tier === tier), `rows of another tier for tier=${tier}`);
    const all = await list("_end=1");
    expectThat(total !== null && all.total !== null && total < all.total, `X-Total-Count ${String(total)} of ${String(all.total)}: not the filtered count`);
  });
  await check(lists, "field=a&field=b means either", "filters with several values (open orders)", async () => {
    const { rows } = await list("tier=gold&tier=silver&_end=50");
    expectThat(rows.length > 0 && rows.every((r) => r.tier === "gold" || r.tier === "silver"), "rows outside gold and silver");
    expectThat(new Set(rows.map((r) => r.tier)).size === 2, "not both values");
  });
  await check(lists, "_gte, _lte and _ne", "range filters (dates, amounts) and 'not'", async () => {
    const { rows } = await list("creditLimit_gte=100000&creditLimit_lte=500000&_end=50");
    expectThat(
      rows.every((r) => Number(r.creditLimit) >= 100000 && Number(r.creditLimit) <= 500000),
      "a row outside the range",
    );
    const ne = await list("tier_ne=gold&_end=50");
    expectThat(ne.rows.length > 0 && ne.rows.every((r) => r.tier !== "gold"), "a gold row for tier_ne=gold");
  });
  await check(lists, "_like matches part of a field, in any case", "filtering by part of a name", async () => {
    const name = String(sample[0]?.name ?? "");
    const part = name.slice(1, 4).toUpperCase();
    const { rows } = await list(`name_like=${encodeURIComponent(part)}&_end=50`);
    expectThat(
      rows.some((r) => r.id === sample[0]?.id),
      `"${part}" did not find "${name}"`,
    );
    expectThat(
      rows.every((r) => lower(r.name).includes(part.toLowerCase())),
      "a row without the text",
    );
  });
  await check(lists, "q searches the record's text", "the search box of every list", async () => {
    const email = String(sample[1]?.email ?? sample[0]?.email ?? "");
    const { rows } = await list(`q=${encodeURIComponent(email)}&_end=50`);
    expectThat(
      rows.some((r) => r.email === email),
      `q=${email} did not find its customer`,
    );
  });
  await check(lists, "an unknown filter field is refused (400 BAD_QUERY), not ignored", "trust in what a filtered list shows", async () => {
    const res = await call("GET", "/customers?noSuchField=1");
    expectThat(res.status === 400 && isErrorBody(res.body) && res.body.code === "BAD_QUERY", `answered ${res.status}`);
  });

  const writes = "records and versions";
  let made: Json | null = null;
  const owner = sample.find((r) => typeof r.ownerId === "number")?.ownerId;
  const stamp = Date.now().toString(36);
  await check(writes, "POST creates (201), answering the record with its id", "creating anything", async () => {
    const res = await call("POST", "/customers", { name: `Contract Check ${stamp}`, email: `contract.${stamp}@example.com`, ownerId: owner, tier: "standard" });
    expectThat(res.status === 201, `answered ${res.status}`);
    made = res.body as Json;
    expectThat(typeof made.id === "number", "no numeric id");
  });
  await check(writes, "a record carries a whole-number version", "knowing that someone else changed a record meanwhile", async () => {
    expectThat(made !== null, "nothing was created to look at");
    expectThat(Number.isInteger(made!.version), `version: ${JSON.stringify(made!.version)}`);
  });
  await check(writes, "GET /:id answers one record; an unknown id is 404 NOT_FOUND", "a record's page, and 'this record is gone'", async () => {
    expectThat(made !== null, "nothing was created to read");
    const res = await call("GET", `/customers/${String(made!.id)}`);
    expectThat(res.status === 200 && (res.body as Json).id === made!.id, `answered ${res.status}`);
    const gone = await call("GET", "/customers/987654321");
    expectThat(
      gone.status === 404 && isErrorBody(gone.body) && gone.body.code === "NOT_FOUND",
      `unknown id answered ${gone.status} ${JSON.stringify(gone.body)?.slice(0, 60)}`,
    );
  });
  let changed: Json | null = null;
  await check(writes, "PATCH changes what it names", "editing anything", async () => {
    expectThat(made !== null, "nothing was created to change");
    const res = await call("PATCH", `/customers/${String(made!.id)}`, { notes: "Checked", version: made!.version });
    expectThat(res.status === 200 && (res.body as Json).notes === "Checked", `answered ${res.status}`);
    changed = res.body as Json;
  });
  await check(writes, "the version moves on with each change", "knowing that someone else changed a record meanwhile", async () => {
    expectThat(made !== null && changed !== null, "nothing was changed");
    expectThat(
      Number.isInteger(made!.version) && changed!.version === Number(made!.version) + 1,
      `version ${JSON.stringify(changed!.version)} after ${JSON.stringify(made!.version)}`,
    );
  });
  await check(
    writes,
    "PATCH with an old version is 409 VERSION_CONFLICT with the current record",
    "the conflict dialog: without it, the last save silently wins",
    async () => {
      expectThat(made !== null, "nothing was created to change");
      const res = await call("PATCH", `/customers/${String(made!.id)}`, { notes: "Stale", version: made!.version });
      expectThat(res.status === 409 && isErrorBody(res.body) && res.body.code === "VERSION_CONFLICT", `answered ${res.status}`);
      expectThat(typeof (res.body as Json).current === "object", "no `current` record in the answer");
    },
  );
  await check(writes, "invalid input is 422 VALIDATION_FAILED with errors per field", "errors shown on the form's fields", async () => {
    const res = await call("POST", "/customers", { name: "", email: "not an email", ownerId: owner });
    // A backend that took it keeps nothing of this check's.
    if (res.status === 201 && typeof (res.body as Json)?.id === "number") await call("DELETE", `/customers/${String((res.body as Json).id)}`);
    expectThat(res.status === 422 && isErrorBody(res.body) && res.body.code === "VALIDATION_FAILED", `answered ${res.status}`);
    const errors = (res.body as { errors?: Record<string, unknown> }).errors ?? {};
    expectThat(Array.isArray(errors.email) && Array.isArray(errors.name), `errors: ${JSON.stringify(errors).slice(0, 80)}`);
  });
  await check(writes, "DELETE removes it; it is then 404", "deleting", async () => {
    expectThat(made !== null, "nothing was created to delete");
    const res = await call("DELETE", `/customers/${String(made!.id)}`);
    expectThat(res.status === 200 || res.status === 204, `answered ${res.status}`);
    const after = await call("GET", `/customers/${String(made!.id)}`);
    expectThat(after.status === 404, `still answered ${after.status}`);
    made = null;
  });
  // Whatever failed above, the customer made here does not stay behind.
  if (made) await call("DELETE", `/customers/${String((made as Json).id)}`).catch(() => undefined);

  await check(
    "errors",
    "an unknown call is 404 with the error body { code, message }",
    "error messages in words (else: 'The server answered 404')",
    async () => {
      const res = await call("GET", "/no-such-call");
      expectThat(res.status === 404 && isErrorBody(res.body), `answered ${res.status} ${JSON.stringify(res.body)?.slice(0, 60)}`);
    },
  );

  const orders = "order lifecycle";
  await check(orders, "GET /orders/:id/transitions lists an order's history", "an order's timeline", async () => {
    const found = await call("GET", "/orders?_end=1");
    const order = (found.body as Json[])?.[0];
    expectThat(!!order, `no order to read (${found.status})`);
    const res = await call("GET", `/orders/${String(order.id)}/transitions`);
    expectThat(res.status === 200 && Array.isArray(res.body), `answered ${res.status}`);
  });
  await check(orders, "a move the lifecycle does not allow is 422 INVALID_TRANSITION", "placing, paying, shipping … an order", async () => {
    const found = await call("GET", "/orders?status=delivered&_end=1");
    const order = (found.body as Json[])?.[0];
    expectThat(!!order, `no delivered order to try (${found.status})`);
    const res = await call("POST", `/orders/${String(order.id)}/transitions`, { to: "draft", version: order.version });
    expectThat(res.status === 422 && isErrorBody(res.body) && res.body.code === "INVALID_TRANSITION", `answered ${res.status}`);
  });

  await check("dashboard", "GET /stats/dashboard answers the figures", "the dashboard", async () => {
    const res = await call("GET", "/stats/dashboard");
    const body = res.body as Json;
    expectThat(res.status === 200, `answered ${res.status}`);
    for (const key of ["revenue", "ordersByStatus", "openOrders", "ordersPerDay", "lowStock", "topCustomers"]) expectThat(key in body, `no ${key}`);
  });

  await check("live", "GET /events streams a change event after a write", "live updates: lists and records refresh only on reload", async () => {
    const controller = new AbortController();
    const wait = opts.eventWaitMs ?? 10_000;
    const timer = setTimeout(() => controller.abort(), wait);
    try {
      const res = await fetch(`${base}/events`, { headers: { Accept: "text/event-stream", ...(cookie ? { cookie } : {}) }, signal: controller.signal });
      expectThat(
        res.status === 200 && (res.headers.get("content-type") ?? "").startsWith("text/event-stream"),
        `answered ${res.status} ${res.headers.get("content-type")}`,
      );
      const reader = res.body!.getReader();
      // The stream is open: a write now must come back on it.
      const written = await call("POST", "/customers", {
        name: `Contract Live ${stamp}`,
        email: `contract.live.${stamp}@example.com`,
        ownerId: owner,
        tier: "standard",
      });
      const id = (written.body as Json)?.id;
      let seen = "";
      try {
        while (!/event: change\n/.test(seen)) {
          const { value, done } = await reader.read();
          if (done) break;
          seen += new TextDecoder().decode(value);
        }
      } finally {
        if (typeof id === "number") await call("DELETE", `/customers/${id}`).catch(() => undefined);
      }
      expectThat(/event: change\n/.test(seen), "no change event");
    } catch (error) {
      if (controller.signal.aborted) fail(`no change event within ${wait} ms`);
      throw error;
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  });

  return results;
}

/** The results as a Markdown table, in the order they were checked. */
export function contractTable(results: CheckResult[]): string {
  const lines = ["| area | check | conforms | when it does not, the app loses |", "|---|---|:---:|---|"];
  for (const r of results) lines.push(`| ${r.area} | ${r.check} | ${r.ok ? "yes" : `**no** (${r.detail ?? ""})`} | ${r.loses} |`);
  return lines.join("\n");
}
