/**
 * The live events this tab's own writes caused: a write's answer names them (`X-Event-Ids`). When
 * one comes back on the live stream, Refine's data hooks need not refetch the resource: the write's
 * own answer and invalidation already did. The same person's other tabs never saw the answer, so
 * they refetch as for anyone's change. So a write must itself refresh what its named events concern:
 * an order's move names the stock it took, and the move refreshes the products.
 *
 * The stream can bring an event before the answer that names it (the server's poll fell between its
 * commit and its answer): while a write is under way, events wait for its answer, at most HOLD_MS.
 */

/** Enough for any burst of writes; events come back within a second or two of their answer. */
const KEPT = 200;
/** Longer than a save takes; during a slow upload (an import) events come late by up to this much. */
export const HOLD_MS = 2_000;

const seqs = new Set<number>();
let writing = 0;
let held: (() => void)[] = [];
let holdTimer: ReturnType<typeof setTimeout> | null = null;

function release() {
  if (holdTimer) clearTimeout(holdTimer);
  holdTimer = null;
  const run = held;
  held = [];
  for (const fn of run) {
    try {
      fn();
    } catch (err) {
      // One delivery's fault stops none of the rest, and is still reported as an uncaught error.
      queueMicrotask(() => {
        throw err;
      });
    }
  }
}

/** A write is on its way; the function returned says it is answered (or failed), once. */
export function ownWriteStarted(): () => void {
  writing++;
  let settled = false;
  return () => {
    if (settled) return;
    settled = true;
    if (--writing === 0) release();
  };
}

export function noteOwnEvents(header: unknown) {
  if (typeof header !== "string") return;
  for (const part of header.split(",")) {
    const seq = Number(part);
    if (!Number.isSafeInteger(seq) || seq < 1) continue;
    seqs.add(seq);
    // A Set iterates in insertion order: the oldest goes first.
    if (seqs.size > KEPT) seqs.delete(seqs.values().next().value as number);
  }
}

/** Runs `fn` (an event's delivery) once no write of this tab is under way, in the order events came. */
export function afterOwnWrites(fn: () => void) {
  if (!writing && !held.length) return fn();
  held.push(fn);
  holdTimer ??= setTimeout(release, HOLD_MS);
}

/** Forgets every write and event: a test's own start. */
export function forgetOwnEvents() {
  seqs.clear();
  writing = 0;
  held = [];
  if (holdTimer) clearTimeout(holdTimer);
  holdTimer = null;
}

/** Whether this tab's own write caused the event; asked once per event, so it is forgotten then. */
export function takeOwnEvent(seq: number): boolean {
  return seqs.delete(seq);
}
