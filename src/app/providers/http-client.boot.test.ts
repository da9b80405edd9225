import { afterEach, describe, expect, it, vi } from "vitest";

const early = new Map<string, { status: number; body: unknown }>();
const dropped = vi.fn();

// The page load's early answers, as lib/boot-requests.ts hands them over.
vi.mock("../lib/boot-requests", () => ({
  rememberBootRead: () => {},
  dropBootAnswers: () => {
    dropped();
    early.clear();
  },
  takeBootAnswer: (url: string) => {
    const found = early.get(url);
    early.delete(url);
    return found && Promise.resolve({ status: found.status, statusText: "", headers: { "x-total-count": "7" }, body: JSON.stringify(found.body) });
  },
}));

const { httpClient } = await import("./http-client");

afterEach(() => {
  early.clear();
  dropped.mockClear();
});

describe("the HTTP client and a page load's early answers", () => {
  it("answers a read from its early answer as from the network: parsed, with its headers", async () => {
    early.set("/api/orders?_end=20&_start=0", { status: 200, body: [{ id: 1 }] });
    const res = await httpClient.get("/api/orders?_end=20&_start=0");
    expect(res.data).toEqual([{ id: 1 }]);
    expect(res.headers["x-total-count"]).toBe("7");
  });

  it("turns an early refusal into our HttpError, as any refusal", async () => {
    early.set("/api/orders/9", { status: 404, body: { code: "NOT_FOUND", message: "No such order" } });
    await expect(httpClient.get("/api/orders/9")).rejects.toMatchObject({ statusCode: 404, code: "NOT_FOUND", message: "No such order" });
  });

  it("drops every early answer as a write is sent, and again once it is done", async () => {
    early.set("/api/orders?_end=20&_start=0", { status: 200, body: [] });
    // Nothing listens on this port: the write fails, but it was a write.
    const write = httpClient.patch("http://127.0.0.1:9/api/orders/1", {}).catch(() => {});
    expect(dropped).toHaveBeenCalledTimes(1);
    expect(early.size).toBe(0);
    // A read sent ahead while the write is under way may predate it.
    early.set("/api/orders/1", { status: 200, body: {} });
    await write;
    expect(dropped).toHaveBeenCalledTimes(2);
    expect(early.size).toBe(0);
  });
});
