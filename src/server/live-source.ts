/** The live feed's reads (src/server/live.ts) on the store. */
import type { LiveSource } from "./live";
import { findRow } from "./references";
import { sessionActor } from "./session";
import type { Store } from "./store";

export function storeLiveSource(store: Store): LiveSource {
  return {
    async eventsAfter(afterId, limit) {
      const events = store.data["audit-events"];
      // Ids only grow, so the new ones are at the end: walk back to the first one past afterId.
      let i = events.length;
      while (i > 0 && events[i - 1].id > afterId) i--;
      return events.slice(i, i + limit);
    },
    async lastEventId() {
      return store.data["audit-events"].at(-1)?.id ?? 0;
    },
    async record(resource, id) {
      return findRow(store.data, resource, id);
    },
    async sessionActor(sessionId) {
      return sessionActor(store, sessionId);
    },
  };
}
