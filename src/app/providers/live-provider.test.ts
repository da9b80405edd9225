import { afterEach, describe, expect, it, vi } from "vitest";
import { createLiveProvider, IDLE_CLOSE_MS, PERMISSIONS_CHANNEL, type ServerChange } from "./live-provider";
import { forgetOwnEvents, HOLD_MS, noteOwnEvents, ownWriteStarted } from "./own-events";

/** Stands in for the browser's EventSource: the test plays the server's side. */
class FakeSource {
  static CLOSED = 2;
  static made: FakeSource[] = [];
  readyState = 1;
  closed = false;
  listeners = new Map<string, ((e: unknown) => void)[]>();
  constructor(
    readonly url: string,
    readonly init: { withCredentials?: boolean },
  ) {
    FakeSource.made.push(this);
  }
  addEventListener(type: string, fn: (e: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data?: unknown, lastEventId = "") {
    for (const fn of this.listeners.get(type) ?? []) fn({ data: JSON.stringify(data), lastEventId });
  }
}

const change = (c: Partial<ServerChange>): ServerChange => ({ seq: 1, resource: "orders", action: "update", id: 5, actorId: 2, actorName: "Max", ...c });

describe("the live provider", () => {
  afterEach(() => {
    forgetOwnEvents();
    vi.useRealTimers();
  });

  it("opens one stream with the session cookie for all subscriptions, and closes it a while after the last", () => {
    vi.useFakeTimers();
    FakeSource.made = [];
    const live = createLiveProvider("/api/events", FakeSource as never);
    const a = live.subscribe({ channel: "resources/orders", types: ["*"], callback: () => {} });
    const b = live.subscribe({ channel: "resources/customers", types: ["*"], callback: () => {} });
    expect(FakeSource.made).toHaveLength(1);
    expect(FakeSource.made[0]).toMatchObject({ url: "/api/events", init: { withCredentials: true } });
    live.unsubscribe(a);
    expect(FakeSource.made[0].closed).toBe(false);
    live.unsubscribe(b);
    vi.advanceTimersByTime(IDLE_CLOSE_MS - 1);
    expect(FakeSource.made[0].closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(FakeSource.made[0].closed).toBe(true);
    vi.useRealTimers();
  });

  it("keeps the stream through a page change (the old page's subscriptions end before the new page's begin)", () => {
    vi.useFakeTimers();
    FakeSource.made = [];
    const live = createLiveProvider("/api/events", FakeSource as never);
    live.unsubscribe(live.subscribe({ channel: "resources/orders", types: ["*"], callback: () => {} }));
    const next = live.subscribe({ channel: "resources/customers", types: ["*"], callback: () => {} });
    vi.advanceTimersByTime(IDLE_CLOSE_MS * 2);
    expect(FakeSource.made).toHaveLength(1);
    expect(FakeSource.made[0].closed).toBe(false);
    live.unsubscribe(next);
    vi.useRealTimers();
  });

  it("opened again after closing, asks for what it missed since the last event it got", () => {
    vi.useFakeTimers();
    FakeSource.made = [];
    const live = createLiveProvider("/api/events", FakeSource as never);
    live.unsubscribe(live.subscribe({ channel: "resources/orders", types: ["*"], callback: () => {} }));
    FakeSource.made[0].emit("change", change({}), "41");
    vi.advanceTimersByTime(IDLE_CLOSE_MS);
    expect(FakeSource.made[0].closed).toBe(true);
    live.subscribe({ channel: "resources/orders", types: ["*"], callback: () => {} });
    expect(FakeSource.made[1].url).toBe("/api/events?lastEventId=41");
    vi.useRealTimers();
  });

  it("routes a change to its resource's subscriptions as Refine's event type, and a record page only its own id", () => {
    FakeSource.made = [];
    const live = createLiveProvider("/api/events", FakeSource as never);
    const list = vi.fn();
    const page5 = vi.fn();
    const page6 = vi.fn();
    const customers = vi.fn();
    live.subscribe({ channel: "resources/orders", types: ["*"], callback: list, params: { subscriptionType: "useList" } });
    live.subscribe({ channel: "resources/orders", types: ["*"], callback: page5, params: { subscriptionType: "useOne", id: 5 } });
    live.subscribe({ channel: "resources/orders", types: ["*"], callback: page6, params: { subscriptionType: "useOne", id: "6" } });
    live.subscribe({ channel: "resources/customers", types: ["*"], callback: customers });
    FakeSource.made[0].emit("change", change({ action: "transition", id: 5 }));
    expect(list).toHaveBeenCalledWith(
      expect.objectContaining({ channel: "resources/orders", type: "updated", payload: expect.objectContaining({ ids: [5], actorName: "Max", actorId: 2 }) }),
    );
    expect(page5).toHaveBeenCalledTimes(1);
    expect(page6).not.toHaveBeenCalled();
    expect(customers).not.toHaveBeenCalled();
    FakeSource.made[0].emit("change", change({ action: "delete", id: 6 }));
    expect(page6).toHaveBeenCalledWith(expect.objectContaining({ type: "deleted" }));
  });

  it("a change this tab's own write caused reaches no data hook (the write refreshed them), but still a record's History, once", () => {
    FakeSource.made = [];
    const live = createLiveProvider("/api/events", FakeSource as never);
    const list = vi.fn();
    const page = vi.fn();
    const history = vi.fn();
    live.subscribe({ channel: "resources/orders", types: ["*"], callback: list, params: { subscriptionType: "useList" } });
    live.subscribe({ channel: "resources/orders", types: ["*"], callback: page, params: { subscriptionType: "useOne", id: 5 } });
    live.subscribe({ channel: "resources/orders", types: ["*"], callback: history, params: { id: 5 } });
    noteOwnEvents("71");
    FakeSource.made[0].emit("change", change({ seq: 71, id: 5 }), "71");
    expect(list).not.toHaveBeenCalled();
    expect(page).not.toHaveBeenCalled();
    expect(history).toHaveBeenCalledTimes(1);
    // History is about its own record only.
    FakeSource.made[0].emit("change", change({ seq: 73, id: 6 }), "73");
    expect(list).toHaveBeenCalledTimes(1);
    expect(history).toHaveBeenCalledTimes(1);
    // Another write, or the same seq seen a second time, is news again.
    FakeSource.made[0].emit("change", change({ seq: 72, id: 5 }), "72");
    FakeSource.made[0].emit("change", change({ seq: 71, id: 5 }), "71");
    expect(list).toHaveBeenCalledTimes(3);
    expect(page).toHaveBeenCalledTimes(2);
    expect(history).toHaveBeenCalledTimes(3);
  });

  it("a change that comes while this tab's write is under way waits for its answer, which may name it; at most a while", () => {
    vi.useFakeTimers();
    FakeSource.made = [];
    const live = createLiveProvider("/api/events", FakeSource as never);
    const list = vi.fn();
    live.subscribe({ channel: "resources/orders", types: ["*"], callback: list, params: { subscriptionType: "useList" } });
    const answered = ownWriteStarted();
    FakeSource.made[0].emit("change", change({ seq: 80 }), "80");
    FakeSource.made[0].emit("change", change({ seq: 81 }), "81");
    expect(list).not.toHaveBeenCalled();
    noteOwnEvents("80");
    answered();
    // Its own event skipped, the next (someone else's) delivered, in the order they came.
    expect(list).toHaveBeenCalledTimes(1);
    const stuck = ownWriteStarted();
    FakeSource.made[0].emit("change", change({ seq: 82 }), "82");
    vi.advanceTimersByTime(HOLD_MS - 1);
    expect(list).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(list).toHaveBeenCalledTimes(2);
    stuck();
  });

  it("a subscription to some types only gets those", () => {
    FakeSource.made = [];
    const live = createLiveProvider("/api/events", FakeSource as never);
    const created = vi.fn();
    live.subscribe({ channel: "resources/orders", types: ["created"], callback: created });
    FakeSource.made[0].emit("change", change({ action: "update" }));
    FakeSource.made[0].emit("change", change({ action: "create" }));
    expect(created).toHaveBeenCalledTimes(1);
  });

  it("a stream the server refused or ended is opened again while someone listens", () => {
    vi.useFakeTimers();
    FakeSource.made = [];
    const live = createLiveProvider("/api/events", FakeSource as never);
    live.subscribe({ channel: "resources/orders", types: ["*"], callback: () => {} });
    FakeSource.made[0].readyState = FakeSource.CLOSED;
    FakeSource.made[0].emit("error");
    expect(FakeSource.made).toHaveLength(1);
    vi.advanceTimersByTime(5_000);
    expect(FakeSource.made).toHaveLength(2);
    vi.useRealTimers();
  });

  it("a stream that opens again says so, so that who is signed in is asked again; its first opening does not", () => {
    vi.useFakeTimers();
    FakeSource.made = [];
    const resumed = vi.fn();
    const live = createLiveProvider("/api/events", FakeSource as never, resumed);
    live.subscribe({ channel: "resources/orders", types: ["*"], callback: () => {} });
    FakeSource.made[0].emit("open");
    expect(resumed).not.toHaveBeenCalled();
    // The browser reconnects a dropped stream by itself: a second "open".
    FakeSource.made[0].emit("open");
    expect(resumed).toHaveBeenCalledTimes(1);
    // The server ended it (another sign-in): opened anew after a pause.
    FakeSource.made[0].emit("end");
    vi.advanceTimersByTime(5_000);
    FakeSource.made[1].emit("open");
    expect(resumed).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it("routes a permissions event to the permissions channel only", () => {
    FakeSource.made = [];
    const live = createLiveProvider("/api/events", FakeSource as never);
    const watcher = vi.fn();
    const orders = vi.fn();
    live.subscribe({ channel: PERMISSIONS_CHANNEL, types: ["*"], callback: watcher });
    live.subscribe({ channel: "resources/orders", types: ["*"], callback: orders });
    FakeSource.made[0].emit("permissions", { role: "warehouse" });
    expect(watcher).toHaveBeenCalledWith(expect.objectContaining({ channel: PERMISSIONS_CHANNEL, payload: { role: "warehouse" } }));
    expect(orders).not.toHaveBeenCalled();
  });
});
