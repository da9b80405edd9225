/**
 * The first requests of a page load, sent before the app's code has arrived.
 *
 * A hard load of a page waits for its code, then for the session check, then for the page to
 * render before the page asks for its data, and only then for the records its rows point at: one
 * wait after another. Here the entry sends, as soon as it runs, the session check and what this
 * same address asked for the last time it was loaded in this browser (its list page, its rows'
 * references); the app's HTTP client takes those answers instead of asking again. The same goes
 * for a record read ahead as the app navigates to the record's page (readAhead).
 *
 * Rules that keep an answer from being older than one asked for normally:
 * - each answer is taken once, by the first request for the same URL;
 * - only while the tab is still on the page it was sent for, and for BOOT_ANSWER_MAX_AGE_MS;
 * - all are dropped when a write (any request but a GET) is sent and again when it is done, and at
 *   sign-out.
 * Sent with the browser's cookie like any request, so an answer is always the current session's.
 * This module imports nothing: the entry (main.tsx) includes it and stays small.
 */

/** localStorage: for each address (path and query) loaded lately, the API reads its load made. */
const STORAGE_KEY = "switchboard.bootRequests";
/** Addresses remembered, the most recent kept. */
const MAX_ADDRESSES = 20;
/** Reads remembered per address: a page and its references, not a whole session's. */
const MAX_URLS = 12;
/** Past this, or past the user's first key or click, a read is the user's doing, not the page's first paint. */
export const BOOT_WINDOW_MS = 30_000;
/** An answer not taken by then is dropped (the page asked for something else). */
export const BOOT_ANSWER_MAX_AGE_MS = 10_000;
/** Always asked first: who is signed in (the app's session check). */
export const SESSION_URL = "/api/auth/me";

export interface BootAnswer {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
}

interface Pending {
  sentAt: number;
  /** The page the answer is for: it stands in only while the tab is there. */
  path: string;
  answer: Promise<BootAnswer | null>;
  /** The answer, once it is in. */
  arrived?: BootAnswer | null;
}

let bootAddress: string | null = null;
/** The addresses this load is known by: as loaded, and as the page rewrote it (a list adds its page and sort). */
const bootAddresses = new Set<string>();
const pending = new Map<string, Pending>();
let recorded: string[] = [];
let userActed = false;

const addressNow = () => window.location.pathname + window.location.search;
/** Still on the page loaded: its own query may have been rewritten meanwhile, its path not. */
const onBootPage = () => bootAddress !== null && window.location.pathname === new URL(bootAddress, "http://x").pathname;

type Remembered = Record<string, string[]>;

function readRemembered(): Remembered {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "{}");
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Remembered) : {};
  } catch {
    return {};
  }
}

/** Asked by Refine's `custom` of simple-rest, which ends it with "?" even without a query. */
const PREFERENCES_PATH = "/api/auth/preferences";

/**
 * Only the app's own API reads. Of the session endpoints only the user's preferences (a list's
 * columns and page size): the session check is always sent, and the rest are the user's doing.
 */
export const isRememberable = (url: string) =>
  url.startsWith("/api/") && (!url.startsWith("/api/auth/") || url.split("?")[0] === PREFERENCES_PATH) && !url.startsWith("/api/events");

async function send(url: string): Promise<BootAnswer | null> {
  try {
    const res = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => (headers[name] = value));
    return { status: res.status, statusText: res.statusText, headers, body: await res.text() };
  } catch {
    // No answer: the app's own request will say so.
    return null;
  }
}

/** Called once by the entry, for every page but the sign-in page. */
export function startBootRequests() {
  bootAddress = addressNow();
  bootAddresses.add(bootAddress);
  const acted = () => (userActed = true);
  for (const event of ["pointerdown", "keydown"]) window.addEventListener(event, acted, { capture: true, once: true, passive: true });
  const remembered = readRemembered()[bootAddress] ?? [];
  const urls = [SESSION_URL, ...remembered.filter((url) => typeof url === "string" && isRememberable(url))];
  for (const url of new Set(urls)) sendFor(url, window.location.pathname);
}

function sendFor(url: string, path: string): Promise<BootAnswer | null> {
  const entry: Pending = { sentAt: performance.now(), path, answer: send(url) };
  void entry.answer.then((answer) => (entry.arrived = answer));
  pending.set(url, entry);
  return entry.answer;
}

const young = (entry: Pending) => performance.now() - entry.sentAt <= BOOT_ANSWER_MAX_AGE_MS;

/** The entry for `url` if it may still stand in for a read made now. */
function usable(url: string): Pending | undefined {
  const found = pending.get(url);
  return found && window.location.pathname === found.path && young(found) ? found : undefined;
}

/**
 * The app is on its way to `path` (a link, back or forward), whose page is known to read `url`:
 * sent now, beside the page's code and render, instead of once the page has mounted. The same
 * rules as a page load's answers hold: taken once, only on that page, within the age limit, and
 * dropped by a write. An answer already waiting for the same read is kept, and nothing is sent
 * when only the address's query changes (a record page's tab): that page is up and has read.
 */
export function readAhead(url: string, path: string) {
  if (path === window.location.pathname) return;
  const waiting = pending.get(url);
  if (waiting && waiting.path === path && young(waiting)) return;
  sendFor(url, path);
}

/**
 * The page on screen is about to read `url` (a table page's references, known from its rows as
 * soon as the rows arrive, before the page renders them): sent now, for this page, under the same
 * rules. A read already on its way is not sent again. Its answer, for whoever waits for it.
 */
export function readBeside(url: string): Promise<BootAnswer | null> {
  return usable(url)?.answer ?? sendFor(url, window.location.pathname);
}

/**
 * The answer for `url` if it has already arrived and could stand in for a read made now, without
 * taking it: a page may show it while its own read (which then takes it) is made.
 */
export function arrivedAnswer(url: string): BootAnswer | undefined {
  return usable(url)?.arrived ?? undefined;
}

/** The answer already on its way for this GET, if it may stand in for a request sent now (taken once). */
export function takeBootAnswer(url: string): Promise<BootAnswer | null> | undefined {
  const found = usable(url);
  pending.delete(url);
  return found?.answer;
}

/** Something was written, or the user signed out: no answer from before may stand in for a read after. */
export function dropBootAnswers() {
  pending.clear();
}

/** A read the page made while loading: remembered for the next load of the same address. */
export function rememberBootRead(url: string) {
  if (!isRememberable(url) || recorded.includes(url) || recorded.length >= MAX_URLS) return;
  if (userActed || !onBootPage() || performance.now() > BOOT_WINDOW_MS) return;
  recorded = [...recorded, url];
  bootAddresses.add(addressNow());
  try {
    const others = readRemembered();
    for (const address of bootAddresses) delete others[address];
    const room = Math.max(0, MAX_ADDRESSES - bootAddresses.size);
    const kept = room ? Object.keys(others).slice(-room) : [];
    const next: Remembered = Object.fromEntries(kept.map((address) => [address, others[address]]));
    for (const address of bootAddresses) next[address] = recorded;
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage refused (a private mode, a full quota): the next load asks as it always did.
  }
}

/** Signed out: the reads of this person's pages are not sent on the next person's loads. */
export function forgetBootReads() {
  dropBootAnswers();
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was stored.
  }
}
