/** A listener on GET /api/events over fetch, as the browser's EventSource would be: each event as it arrives. */
import { SESSION_COOKIE } from "../../src/domain/constants";
import type { Body, Client } from "./helpers";

interface Received {
  event: string;
  id?: string;
  data: Body;
}

/** An EventSource's view of the stream, over fetch: each event as it arrives. */
export class Stream {
  events: Received[] = [];
  ended = false;
  private waiters: (() => void)[] = [];
  private constructor(
    readonly res: Response,
    private readonly abort: AbortController,
  ) {}

  static async open(client: Client, headers: Record<string, string> = {}, query = ""): Promise<Stream> {
    const abort = new AbortController();
    const res = await fetch(`${client.baseUrl}/api/events${query}`, {
      headers: { accept: "text/event-stream", ...(client.cookie ? { cookie: `${SESSION_COOKIE}=${client.cookie}` } : {}), ...headers },
      signal: abort.signal,
    });
    const stream = new Stream(res, abort);
    if (res.ok) void stream.read();
    return stream;
  }

  private async read() {
    const reader = this.res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const ev: Received = { event: "message", data: null };
          let data = "";
          for (const line of block.split("\n")) {
            if (line.startsWith("event: ")) ev.event = line.slice(7);
            else if (line.startsWith("id: ")) ev.id = line.slice(4);
            else if (line.startsWith("data: ")) data += line.slice(6);
          }
          if (!data) continue;
          ev.data = JSON.parse(data);
          this.events.push(ev);
          this.wake();
        }
      }
    } catch {
      // aborted by close()
    }
    this.ended = true;
    this.wake();
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Resolves with every change received up to and including the first that matches. */
  until(match: (data: Body) => boolean, what: string): Promise<Body[]> {
    return this.untilEvent("change", match, what);
  }

  /** Resolves with every event of this name received up to and including the first that matches. */
  async untilEvent(name: string, match: (data: Body) => boolean, what: string): Promise<Body[]> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const changes = this.events.filter((e) => e.event === name).map((e) => e.data);
      const i = changes.findIndex(match);
      if (i >= 0) return changes.slice(0, i + 1);
      if (this.ended) throw new Error(`stream ended before ${what}; got ${JSON.stringify(this.events)}`);
      if (Date.now() > deadline) throw new Error(`no ${what} within 15 s; got ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 250);
      });
    }
  }

  close() {
    this.abort.abort();
  }
}
