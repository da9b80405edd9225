/** The live feed's reads (src/server/live.ts) through the storage seam. */
import type { Abilities } from "./abilities";
import type { LiveSource } from "./live";
import { sessionActor } from "./session";
import type { Storage } from "./storage/types";

export function storageLiveSource(storage: Storage, abilities: Abilities): LiveSource {
  return {
    eventsAfter: (afterId, limit) => storage.auditAfter(afterId, limit),
    lastEventId: () => storage.lastAuditId(),
    record: (resource, id) => storage.get(resource, id),
    sessionActor: (sessionId) => sessionActor(storage, sessionId),
    abilityOf: (actor) => abilities.of(actor),
  };
}
